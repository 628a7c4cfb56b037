"""F: files from outside the text that art and icons name. Found by `smersh check` from
the paths and the files' first bytes, never by rendering them."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR
_GAME = 'game g "G" { skills { Spycraft } }\n'

RULES = [
    Rule("F001", "image-missing", E, "an image file that does not exist or cannot be read",
         "`art \"...\"` and `icon NAME \"...\"` name a file by its path from the project "
         "folder (the folder of `book.smersh`, or of a lone file). The file must be there, "
         "be a regular file and be readable, or the card or page would print without it.",
         _GAME + 'status "Marked" { art "art/marekd.png" effect "You are watched." }',
         _GAME + 'status "Marked" { art "art/marked.png" effect "You are watched." }',
         phase="files"),
    Rule("F002", "image-outside-project", E, "an image path that leads out of the project folder",
         "Pictures are read only from inside the project folder, so that a book can never "
         "be made to print (or leak) another file of the machine: an absolute path, a path "
         "whose `..` climbs out of the folder, and a symbolic link inside it that leads out "
         "are all refused, and the print's fetcher refuses them too when the check is "
         "skipped. Copy the picture into the project.",
         _GAME + 'status "Marked" { art "../../etc/passwd" effect "You are watched." }',
         _GAME + 'status "Marked" { art "art/marked.png" effect "You are watched." }',
         phase="files"),
    Rule("F003", "image-url", E, "an image named by its URL instead of its path",
         "A picture is a file of the project, never an address: `http://`, `https://`, "
         "`file://`, `data:` and every other URL is refused, by the checker and by the "
         "print's fetcher, which never touches the network. Download the picture into "
         "the project folder and name it by its path there.",
         _GAME + 'status "Marked" { art "https://example.com/marked.png" effect "You are watched." }',
         _GAME + 'status "Marked" { art "art/marked.png" effect "You are watched." }',
         phase="files"),
    Rule("F004", "image-format", E, "an image that is not PNG, JPEG or SVG",
         "The print takes PNG, JPEG and SVG pictures. What a file is comes from its first "
         "bytes, not its suffix: a GIF, a WebP, a PDF or a text file renamed `.png` is "
         "reported. Export the picture as one of the three.",
         _GAME + 'status "Marked" { art "art/marked.gif" effect "You are watched." }',
         _GAME + 'status "Marked" { art "art/marked.png" effect "You are watched." }',
         phase="files"),
    Rule("F005", "image-low-resolution", Severity.WARNING,
         "an image under 300 dpi at the size it prints",
         "A print shop wants 300 pixels to the inch at the printed size. The size is the "
         "place's (docs/printing.md: a card's picture band, a card back with its bleed, a "
         "section's picture, the cover, an icon), and the fit decides which side counts: "
         "`cover` fills the box, so the tighter side; `contain` fits inside it. The "
         "message gives the dpi and the hint the pixels wanted. Read from the PNG or JPEG "
         "header; SVG has no pixels and is never reported.",
         _GAME + 'status "Marked" { art "art/thumbnail.png" effect "You are watched." }',
         _GAME + 'status "Marked" { art "art/marked.png" effect "You are watched." }',
         phase="files"),
    Rule("F006", "image-over-budget", E, "a picture over the budget of bytes, pixels or SVG elements",
         "A picture is handed to the renderer only within a budget (docs/robustness.md, "
         "smersh_dsl/images/budget.py): at most 64 MiB for a PNG or JPEG and 8 MiB for an "
         "SVG, at most 50 million pixels (a cover at 600 dpi is 37.5 million), and an SVG "
         "of at most 50,000 elements once every reference is followed (`<use>`, "
         "`url(#...)`, the pictures it shows: each is drawn again where it is used), with "
         "references at most 8 deep, elements at most 100 deep, and no picture that shows "
         "itself. A 2 KB SVG of ten levels of ten `<use>` draws ten billion elements; a "
         "657 KB PNG of 13,000 x 13,000 pixels decodes to 676 MB. The message names the "
         "limit and the numbers; all are read from the header or an XML parse, never by "
         "rendering, and `smersh build --format pdf` refuses the picture again (P104) when "
         "the check is skipped.",
         _GAME + 'status "Marked" { art "art/poster-13000px.png" effect "You are watched." }',
         _GAME + 'status "Marked" { art "art/marked.png" effect "You are watched." }',
         phase="files"),
]
