# Loaded at start-up of the schemathesis venv (a .pth file; see ensure-schemathesis.sh).
# Hypothesis describes lambdas by re-parsing their source with ast.parse; deep inside
# schemathesis' schema recursion, CPython 3.11 raises "SystemError: AST constructor recursion
# depth mismatch" there and the whole operation is reported as a runtime error. The description
# is cosmetic (it labels strategies in messages), so a failure to build it falls back to the
# placeholder Hypothesis itself uses when it is confused.
from hypothesis.internal import lambda_sources

_describe = lambda_sources.lambda_description


def _robust_lambda_description(f):
    try:
        return _describe(f)
    except (SystemError, RecursionError):
        return "lambda: <unknown>"


lambda_sources.lambda_description = _robust_lambda_description
