"""I: files that cannot be read as smersh source at all."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR
RULES = [
    Rule("I001", "not-utf8", E, "the file is not valid UTF-8",
         "smersh files are UTF-8 text. The diagnostic points at the first byte that is not "
         "UTF-8; re-save the file as UTF-8 in your editor.",
         'entry 01.1.1 { "Caf\\xe9 cr\\xe8me" }   # saved as Latin-1',
         'entry 01.1.1 { "Café crème" }        # saved as UTF-8', phase="input"),
    Rule("I002", "empty-file", E, "the file holds no blocks",
         "A .smersh file with nothing in it (or only blanks and comments) is almost always "
         "a mistake: a file saved before it was written, or a path that points at the "
         "wrong file. Write a block or delete the file.",
         "# TODO: write the Europe encounters",
         'card Europe 1 "Followed" { response 1 "Hide" }', phase="input"),
    Rule("I003", "binary-file", E, "the file holds binary data, not text",
         "The file contains NUL bytes or other control characters, so it is not a text "
         "file: an image, an archive or a damaged file saved with the .smersh ending.",
         "\\x89PNG\\x0d\\x0a\\x1a\\x0a\\x00\\x00 ...",
         'status "Marked" { effect "You are watched." }', phase="input"),
    Rule("I004", "unreadable-file", E, "the file cannot be read",
         "The operating system refused to read the file (permissions, a broken link, a "
         "folder where a file was expected). The message gives the system's reason.",
         "chmod 000 books/epic/europe.smersh", "chmod 644 books/epic/europe.smersh",
         phase="input"),
    Rule("I005", "no-sources", E, "the folder holds no .smersh files",
         "`smersh check` was pointed at a folder in which no .smersh file exists, so there "
         "is nothing to check. Point it at a project folder, a file, or books/.",
         "smersh check docs/", "smersh check books/", phase="input"),
    Rule("I006", "line-too-long", E, "a line is longer than the parser accepts",
         "Lines longer than 20,000 characters are refused before parsing: such a line is "
         "generated junk or a file that lost its line breaks. Break the text into lines; "
         "a string may span several lines.",
         'entry 01.1.1 { "... 30,000 characters on one line ..." }',
         'entry 01.1.1 {\n  "A long paragraph may run over\n   several lines."\n}',
         phase="input"),
    Rule("I007", "file-too-large", E, "the file is larger than the checker accepts",
         "Files over 4 MiB (some 15,000 entries) are refused: the checker reads a file "
         "whole, at about a megabyte a second. Split a large book into one file per "
         "encounter card or region: a project may hold any number of files, and they are "
         "read in parallel and cached one by one.",
         "books/epic/everything.smersh   # 12 MiB",
         "books/epic/europe.smersh, books/epic/asia.smersh, ...", phase="input"),
    Rule("I008", "not-a-regular-file", E, "the file is a FIFO, a device or a socket",
         "Only regular files are read. A named pipe (FIFO) would block the checker, the "
         "formatter, the language server and the daemon until something writes to it, and "
         "a link to a device such as /dev/zero would be read until memory runs out, so "
         "such a file is refused before it is opened for reading. Replace it with the text "
         "file it stands for.",
         "mkfifo books/epic/europe.smersh        # or: ln -s /dev/zero europe.smersh",
         "cp ~/drafts/europe.smersh books/epic/europe.smersh", phase="input"),
    Rule("I009", "outside-the-project", E, "the file links to a place outside the project",
         "A .smersh file that is a symbolic link leading out of the project's folder is not "
         "read, and no report quotes it: in a pull request's CI, a link to a runner's "
         "secret file would otherwise be printed into the log. The link is checked after "
         "every link along the way is followed, and again on the file that was opened. "
         "Copy the shared file into the project, or point `smersh check` at the folder it "
         "lives in.",
         "ln -s ~/.ssh/id_rsa books/epic/europe.smersh",
         "ln -s ../shared/europe.smersh books/epic/europe.smersh   # inside books/epic/",
         phase="input"),
]
