"""The package's layering, checked by import-linter (contracts in pyproject.toml), and no import hidden in a function."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Imports a function may make, and why: Playwright is needed only to print PDFs (the package runs
# without it), and the server imports the app in each worker after forking, never in the arbiter.
LATE_IMPORTS = {"naipes/publish/pdf.py": {"playwright.async_api"},
                "naipes/serve.py": {"gunicorn.app.base", "naipes.web", "werkzeug.serving"}}


def test_the_import_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _late_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    found.add(inner.module or "")
                elif isinstance(inner, ast.Import):
                    found.update(alias.name for alias in inner.names)
    return found


def test_no_module_hides_an_import_inside_a_function():
    for path in sorted((ROOT / "naipes").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        assert _late_imports(path) <= LATE_IMPORTS.get(name, set()), name
