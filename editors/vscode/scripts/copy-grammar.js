// The extension's grammar is the project's own (grammar/smersh.tmLanguage.json, written by
// `smersh highlight --textmate` from the parser's keywords): copied in when packaging, never
// kept twice in the repository.
"use strict";
const fs = require("fs");
const path = require("path");

const source = path.join(__dirname, "..", "..", "..", "grammar", "smersh.tmLanguage.json");
const target = path.join(__dirname, "..", "syntaxes", "smersh.tmLanguage.json");
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(source, target);
