"""`smersh schema`: the published JSON Schemas, for programs and editors outside smersh."""

from __future__ import annotations

import click

from smersh_dsl.cli.app import cli
from smersh_dsl.resources import schemas_dir

SUFFIX = ".schema.json"


def _kinds() -> list[str]:
    # The file names alone, so that `smersh --help` does not read the schemas.
    return sorted(p.name[: -len(SUFFIX)] for p in schemas_dir().glob("*" + SUFFIX))


@cli.command("schema")
@click.argument("kind", required=False, type=click.Choice(_kinds()))
@click.option("--bundle", is_flag=True,
              help="Print a self-contained copy: every schema it refers to copied inside it.")
def schema_command(kind: str | None, bundle: bool) -> None:
    """Print the JSON Schema of a document KIND, or list the kinds and where they are.

    The schemas refer to each other by relative $refs (common.schema.json#/...),
    so a validator given the folder's files resolves them offline; --bundle
    prints one file that needs no other. `smersh build` writes that bundle beside
    each document, where the document's "$schema" points (docs/json.md).

    \b
    Examples:
      smersh schema                               the kinds, and the folder
      smersh schema game --bundle > game.schema.json
      check-jsonschema --schemafile game.schema.json build/smersh/smersh.json
    """
    from smersh_dsl.export.schemas import schema_text

    if kind is None:
        if bundle:
            raise click.UsageError("--bundle needs a KIND (one of " + ", ".join(_kinds()) + ")")
        click.echo(f"schemas in {schemas_dir()}:")
        for name in _kinds():
            click.echo(f"  {name:<13} {name}{SUFFIX}")
        return
    click.echo(schema_text(kind, bundle), nl=False)
