"""P1xx: print. Found by `smersh build --format pdf` when it lays the pages out, not by
`smersh check`: whether text fits a box depends on the fonts and the page."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

RULES = [
    Rule("P101", "text-does-not-fit", Severity.ERROR, "printed text overflows its box",
         "A card, a response box or another fixed-size box of a print document holds more "
         "text than fits at the printed size, so part of it would be cut off or run over "
         "the next box. `smersh build --format pdf` lays every page out before it writes "
         "anything, reports each such box at the block that wrote the text, with how many "
         "millimetres too long the text is, and writes no PDF until the text is shortened.",
         'gadget "Exploding Pen" { effect "Once per game, before you roll for a test, you may '
         'click the pen three times and throw it at the nearest henchman: discard it, then gain '
         'two dice for the test, reroll any blanks twice, and count every resolve icon as a '
         'success. If you pass, gain one intel for each success beyond the first, heal one '
         'injury, and, if you are in a city with an airport, move to any other city with an '
         'airport without spending intel, even if you are injured, Marked or Stranded. If you '
         'fail, take one injury, lose one resolve, and every other spy in your city takes one '
         'injury as well, unless they hold the Umbrella Shield, in which case they gain one '
         'resolve instead and may move with you to any city with an airport on the board." }',
         'gadget "Exploding Pen" { effect "Discard it before a test: gain two dice." }',
         phase="print"),
    Rule("P102", "resource-refused", Severity.ERROR,
         "a print document names a file or URL outside smersh's own files and the project's pictures",
         "While it lays a page out, WeasyPrint reads every file and URL the page names: "
         "fonts, stylesheets, images, `url(...)` in CSS, references inside an SVG picture. "
         "`smersh build --format pdf` lets it read only the files that ship with smersh "
         "(its fonts) and the project's own pictures (`art` and `icon` files inside the "
         "project folder, PNG, JPEG or SVG by their bytes); any other local file, and "
         "every http, https, ftp or data: address, is refused before anything is read or "
         "fetched, and the build stops with this error, naming the URL, rather than print "
         "the page without it. An `art` path that leads out of the project or is a URL "
         "(F002, F003) ends here when the build runs without the checker; otherwise this "
         "error means a template, a stylesheet or an SVG picture asked for something it "
         "must not.",
         '@font-face { font-family: "Spy"; src: url("https://fonts.example.com/spy.ttf") }',
         'font-family: "Smersh Serif Latin", "Smersh Serif";   /* the bundled fonts */',
         phase="print"),
    Rule("P103", "output-profile-missing", Severity.ERROR,
         "the pod profile finds no CMYK printer profile for its PDF/X output intent",
         "A `pod` PDF is PDF/X-3, which declares the press its colours are meant for: an "
         "output intent holding an ICC profile of a CMYK printer. smersh reads Ghostscript's "
         "`default_cmyk.icc` (Artifex CMYK SWOP), which Debian ships in `libgs-common`, or the "
         "profile `SMERSH_OUTPUT_PROFILE` names (an ICC version 2 CMYK printer profile, such "
         "as the one a print shop asks for). When there is none, or the file is not such a "
         "profile, `smersh build --format pdf --profile pod` stops with this error, naming "
         "the package, and writes no PDF rather than one a preflight would refuse.",
         "SMERSH_OUTPUT_PROFILE=/usr/share/color/icc/sRGB.icc smersh build books/ "
         "--format pdf --profile pod   # a screen's RGB profile",
         "apt-get install libgs-common && smersh build books/ --format pdf --profile pod",
         phase="print"),
    Rule("P104", "picture-refused-over-budget", Severity.ERROR,
         "a print document shows a picture over the picture budget",
         "The print's fetcher holds every picture it hands to WeasyPrint to the picture "
         "budget of F006 (bytes, pixels, SVG elements once `<use>` and `url(#...)` are "
         "followed, reference depth, no picture that shows itself), read from the bytes it "
         "is about to hand over, so the budget holds when `smersh build` runs without the "
         "checker, and for pictures an SVG shows. Such a picture is refused: the build "
         "stops with this error, naming the picture, the limit and the section that shows "
         "it, and writes no PDF, rather than render for hours or print the page without it.",
         'status "Marked" { art "art/clones.svg" }   # ten levels of ten <use> each',
         'status "Marked" { art "art/marked.svg" }   # a few thousand elements',
         phase="print"),
    Rule("P105", "render-limit", Severity.ERROR,
         "a section ended by the memory or CPU limit of the rendering processes",
         "Each process that renders sections for `smersh build --format pdf` runs under a "
         "limit of its address space (2 GiB) and of the CPU time of one section (120 s), "
         "set with `resource.setrlimit` (docs/robustness.md; `SMERSH_WORKER_MEMORY_MB` and "
         "`SMERSH_SECTION_CPU_S` change them). The picture budget (F006, P104) keeps "
         "known costly pictures out; whatever still costs too much ends its process, and "
         "the build stops with this error, naming the section and the limit, and writes "
         "no PDF. The bundled books build with both limits lowered to 1 GiB and 30 s.",
         'region Europe { art "art/mural.svg" city Paris }   # 45,000 blurred, clipped paths',
         'region Europe { art "art/mural.png" city Paris }   # the same, exported at 300 dpi',
         phase="print"),
]
