"""Quick fixes in the editor (issue #29): each finding whose fix is certain offers it as a
code action; applied as the client applies it, the finding goes away and the project
checks clean of it."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from conftest import check_paths
from lsp_helpers import apply_edits, change_buffer, client_in, opened
from test_check_fix import OWN, _plant_own
from waiting import HANG_GUARD_S

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-fixes-"))
PROJECTS = {case[0]: _plant_own(case, WORK / str(i)) for i, case in enumerate(OWN)}


client = client_in(WORK)


async def _diagnostics(client: LanguageClient, uri: str, code: str, present: bool) -> list[lsp.Diagnostic]:
    """Wait until the buffer's published diagnostics hold ``code`` (or no longer do)."""
    while (any(d.code == code for d in client.diagnostics.get(uri, [])) != present):
        await asyncio.wait_for(client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS),
                               timeout=HANG_GUARD_S)
    return [d for d in client.diagnostics.get(uri, []) if d.code == code]


@pytest.mark.parametrize("case", OWN, ids=[c[0] for c in OWN])
async def test_each_quick_fix_applied_makes_its_finding_go_away(client: LanguageClient, case: tuple):
    project, code = PROJECTS[case[0]], case[5]
    file = project / case[2]
    text = await opened(client, file)
    found = (await _diagnostics(client, file.as_uri(), code, True))[0]
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=file.as_uri()), range=found.range,
        context=lsp.CodeActionContext(diagnostics=[found])))
    fixes = [a for a in actions or [] if isinstance(a, lsp.CodeAction) and a.diagnostics
             and a.diagnostics[0].code == code]
    assert len(fixes) == 1, actions
    fix = fixes[0]
    assert fix.kind == lsp.CodeActionKind.QuickFix and fix.is_preferred == case[6]
    changes = fix.edit.changes
    assert set(changes) == {file.as_uri()}
    fixed = apply_edits(text, changes[file.as_uri()])
    change_buffer(client, file, 2, fixed)
    await _diagnostics(client, file.as_uri(), code, False)
    file.write_text(fixed, encoding="utf-8")          # saved: the project checks clean of it
    assert code not in {d.code for d in check_paths(project)}
