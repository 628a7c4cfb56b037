"""S.H.I.E.L.D. campaign print-outs: a sheet per scenario to play from at the table
(``scenarios``), and the fillable campaign log (``log``), every log field a PDF form field.
"""
