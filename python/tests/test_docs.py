"""Every public class, method and property has a docstring, and the
examples in the docstrings run."""

import doctest
import importlib.util
import inspect
import os

import pytest

import kaissa_chaturaji as kc

MODULES = [kc, kc.kaissa, kc.chaturaji, kc.record, kc.agents]
# The batched environment needs numpy: CI installs it (and a missing one
# fails there); elsewhere its docs are checked when numpy is at hand.
if os.environ.get("CI") == "true" or importlib.util.find_spec("numpy"):
    MODULES.append(kc.vector)


def public_objects():
    """(qualified name, object, module) for every public name of the
    modules and every public attribute of their classes."""
    seen = set()
    for module in MODULES:
        yield module.__name__, module, module
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not (inspect.isclass(obj) or callable(obj)):
                continue
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            qualified = f"{module.__name__}.{name}"
            yield qualified, obj, module
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    if attr.startswith("__") or value is None:
                        continue
                    yield f"{qualified}.{attr}", value, module


OBJECTS = list(public_objects())


@pytest.mark.parametrize("name,obj,module", OBJECTS, ids=[o[0] for o in OBJECTS])
def test_documented(name, obj, module):
    doc = getattr(obj, "__doc__", None)
    assert doc and doc.strip(), f"{name} has no docstring"


def test_docstring_examples_run():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for name, obj, module in OBJECTS:
        doc = getattr(obj, "__doc__", None) or ""
        globs = dict(vars(module))
        test = parser.get_doctest(doc, globs, name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0
    assert examples >= 20
