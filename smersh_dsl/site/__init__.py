"""The web pages of a project: its books as they print, its findings, its flow graphs and
its odds (issue #19).

``snapshot`` is what one check of the projects gives (documents, findings, sources,
showdowns); ``pages`` names every page of a snapshot and what it is made from, so a live
server (smersh_dsl/serve) and the static site writer (``write``) serve the same pages,
under the same flat names, with the same relative links. The book pages reuse the print
layer's phrases and step macros (smersh_dsl/print), never a second wording.
"""
