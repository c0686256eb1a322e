"""Import pywargame on Python 3.11 (Debian 12).

pywargame 0.8.0 is pure Python but three of its files (the sheet trait, the module merger and the
ZunTzu exporter) use an f-string form that needs Python 3.12. The checker uses none of them: they
are replaced by empty stand-ins before pywargame is imported, so every other module (build file,
pieces, traits, grids, numbering) is pywargame's own code."""

import sys
import types


def _stub(name, **attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    sys.modules[name] = m


if sys.version_info < (3, 12):
    class SheetTrait:  # never used by the checker
        ID = "propertysheet"

    class Merger:  # never used by the checker
        pass

    _stub("pywargame.vassal.traits.sheet", SheetTrait=SheetTrait)
    _stub("pywargame.vassal.merger", Merger=Merger)
    class ZTExporter:  # never used by the checker
        pass

    _stub("pywargame.zuntzu.exporter", __all__=[], ZTExporter=ZTExporter)

import pywargame  # noqa: E402,F401
from pywargame.vassal.vmod import VMod  # noqa: E402,F401
from pywargame.vassal.buildfile import BuildFile  # noqa: E402,F401
