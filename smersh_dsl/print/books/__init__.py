"""The encounter book and the showdown book: JSON document in, ``PrintDocument`` out."""
