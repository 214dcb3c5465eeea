"""What the tests need of GitHub Actions' runner, written from its documentation and code
(no library parses these): a workflow command read as the runner reads one, an `if:`
expression of the few forms the workflows use evaluated, and a job's steps run in order,
each `run:` script in bash, as the runner takes them (a failed step skips the rest)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# How GitHub runs a step whose shell is `bash` (the workflows' default).
BASH = ["bash", "--noprofile", "--norc", "-eo", "pipefail"]
# The properties an annotation takes (docs: "Setting an error message" and its siblings).
ANNOTATION_PROPERTIES = {"file", "line", "endLine", "col", "endColumn", "title"}
# The runner undoes these in this order, one str.replace after another
# (actions/runner, src/Runner.Common/ActionCommand.cs: _escapeDataMappings and
# _escapePropertyMappings): %25 last, so that an escaped % is never read again.
_DATA = (("%0D", "\r"), ("%0A", "\n"), ("%25", "%"))
_PROPERTY = (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%"))


@dataclass(frozen=True)
class Command:
    name: str
    properties: dict[str, str]
    message: str


def _unescape(text: str, mappings: tuple[tuple[str, str], ...]) -> str:
    for escaped, raw in mappings:
        text = text.replace(escaped, raw)
    return text


def parse_command(line: str) -> Command | None:
    """``line`` as the runner reads it (ActionCommand.TryParseV2): after leading white
    space, ``::``, the command and its properties up to the next ``::``, the message after
    it; properties split at each ``,`` (empty ones dropped), each at its first ``=``, one
    with an empty name or value dropped.  None when the line is no workflow command."""
    text = line.lstrip()
    if not text.startswith("::"):
        return None
    end = text.find("::", 2)
    if end < 0:
        return None
    info = text[2:end]
    name, space, rest = info.partition(" ")
    properties = {}
    if space and name:
        for entry in rest.strip().split(","):
            key, _, value = entry.partition("=")
            if key and value:
                properties[key] = _unescape(value, _PROPERTY)
    return Command(name, properties, _unescape(text[end + 2 :], _DATA))


def read_annotations(output: str) -> list[Command]:
    """Every line of ``output`` as an annotation: each must be one."""
    found = []
    for line in output.splitlines():
        command = parse_command(line)
        assert command is not None, line
        assert command.name in ("error", "warning", "notice"), line
        assert set(command.properties) <= ANNOTATION_PROPERTIES, line
        found.append(command)
    return found


# `if:` expressions: contexts (github.ref), 'strings', ==, !=, !, &&, ||, ( ), and the
# status functions.  Strings compare ignoring case, as GitHub's expressions do.
_TOKEN = re.compile(r"\s*(?:(&&|\|\||==|!=|!|\(|\))|'((?:[^']|'')*)'|([A-Za-z_][\w.-]*))")
_STATUS = {"success", "failure", "always", "cancelled"}
Tokens = list[tuple[str, str]]


def evaluate(expression: str, context: dict[str, Any], failed: bool = False) -> bool:
    """Whether a step or job with ``if: expression`` runs, after earlier steps (or the
    jobs it needs) ``failed`` or not; without a status function, ``success() &&`` is
    implied, as GitHub does."""
    text = expression.strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2]
    tokens: Tokens = []
    pos = 0
    while pos < len(text.rstrip()):
        match = _TOKEN.match(text, pos)
        assert match is not None, f"cannot read {text[pos:]!r}"
        op, string, name = match.groups()
        if op:
            tokens.append(("op", op))
        elif string is not None:
            tokens.append(("str", string.replace("''", "'")))
        else:
            tokens.append(("name", name))
        pos = match.end()
    if not {value for kind, value in tokens if kind == "name"} & _STATUS:
        implied = [("name", "success"), ("op", "("), ("op", ")"), ("op", "&&"), ("op", "(")]
        tokens = [*implied, *tokens, ("op", ")")]
    value, rest = _or(tokens, context, failed)
    assert rest == [], rest
    return bool(value)


def _or(tokens: Tokens, ctx: dict[str, Any], failed: bool) -> tuple[Any, Tokens]:
    value, tokens = _and(tokens, ctx, failed)
    while tokens and tokens[0] == ("op", "||"):
        right, tokens = _and(tokens[1:], ctx, failed)
        value = value or right
    return value, tokens


def _and(tokens: Tokens, ctx: dict[str, Any], failed: bool) -> tuple[Any, Tokens]:
    value, tokens = _compare(tokens, ctx, failed)
    while tokens and tokens[0] == ("op", "&&"):
        right, tokens = _compare(tokens[1:], ctx, failed)
        value = value and right
    return value, tokens


def _compare(tokens: Tokens, ctx: dict[str, Any], failed: bool) -> tuple[Any, Tokens]:
    left, tokens = _unary(tokens, ctx, failed)
    if tokens and tokens[0] in (("op", "=="), ("op", "!=")):
        op = tokens[0][1]
        right, tokens = _unary(tokens[1:], ctx, failed)
        same = (
            (left.casefold() == right.casefold())
            if (isinstance(left, str) and isinstance(right, str))
            else left == right
        )
        return same if op == "==" else not same, tokens
    return left, tokens


def _unary(tokens: Tokens, ctx: dict[str, Any], failed: bool) -> tuple[Any, Tokens]:
    kind, value = tokens[0]
    if (kind, value) == ("op", "!"):
        inner, rest = _unary(tokens[1:], ctx, failed)
        return not inner, rest
    if (kind, value) == ("op", "("):
        inner, rest = _or(tokens[1:], ctx, failed)
        assert rest[0] == ("op", ")"), rest
        return inner, rest[1:]
    if kind == "str":
        return value, tokens[1:]
    assert kind == "name", tokens
    if value in _STATUS:
        assert tokens[1:3] == [("op", "("), ("op", ")")], tokens
        result = {"success": not failed, "failure": failed, "always": True, "cancelled": False}
        return result[value], tokens[3:]
    found: Any = ctx
    for part in value.split("."):
        found = found.get(part) if isinstance(found, dict) else None
    return found, tokens[1:]


@dataclass
class Step:
    name: str
    ran: bool
    code: int | None = None  # a `run:` step's exit status
    output: str = ""


def run_job(
    job: dict[str, Any], env: dict[str, str], cwd: Path, context: dict[str, Any]
) -> tuple[bool, list[Step]]:
    """The job's steps in order, as the runner takes them: each step's `if:` evaluated
    (``success()`` implied), each `run:` script run in bash in ``cwd``, its `name=value`
    lines of $GITHUB_OUTPUT (a file of its own) its outputs for the later steps'
    ``steps.ID.outputs``; a `uses:` step is noted, not run.  Whether the job succeeded,
    and each step."""
    context = {**context, "steps": {}}
    failed = False
    done = []
    for n, step in enumerate(job["steps"]):
        name = step.get("name") or step.get("uses") or step["run"].splitlines()[0]
        if not evaluate(str(step.get("if", "success()")), context, failed):
            done.append(Step(name, ran=False))
            continue
        if "run" not in step:
            done.append(Step(name, ran=True))
            continue
        output = Path(env["RUNNER_TEMP"]) / f"output-{n}"
        ran = subprocess.run(
            [*BASH, "-c", step["run"]],
            env={**env, "GITHUB_OUTPUT": str(output)},
            cwd=cwd,
            capture_output=True,
            text=True,
            check=False,
        )
        if "id" in step:
            lines = output.read_text().splitlines() if output.exists() else []
            outputs = dict(line.split("=", 1) for line in lines)
            context["steps"][step["id"]] = {"outputs": outputs}
        done.append(Step(name, True, ran.returncode, ran.stdout + ran.stderr))
        failed = failed or ran.returncode != 0
    return not failed, done
