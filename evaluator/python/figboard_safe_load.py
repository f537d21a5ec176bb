"""Loads the figure a candidate script handed over (stage 1's pickles) WITHOUT running any of the
candidate's code, and refuses a figure whose state could make the measurement lie.

A pickle is a program: loading it calls whatever globals it names with whatever arguments it
carries. `SafeUnpickler` therefore resolves only

- builtin containers and scalars, `copyreg._reconstructor`, `functools.partial`,
  `itertools.count`, `datetime` values, numpy arrays and scalars, `cycler.Cycler`;
- CLASSES defined in matplotlib (minus backends, pyplot, animation, testing, ...);
- a few named matplotlib functions that figure pickles use, `getattr` only for bound methods of
  matplotlib objects and enum members, and matplotlib's subplot class factory only with the
  arguments matplotlib itself passes.

After loading, `audit_figure` walks every object reachable from the figure and refuses:
instance attributes that shadow a method (so `line.get_color` cannot answer for another line),
dunder attributes, functions stored anywhere matplotlib does not store them, non-matplotlib
`stale_callback`s; it empties every CallbackRegistry (interactive callbacks only, never needed to
draw) and recomputes cached marker paths from the declared markers, so what is drawn is what the
introspection reads. Every refusal is an `Unmeasurable` with one sentence saying why.
"""

import builtins
import collections
import copyreg
import datetime
import enum
import functools
import importlib
import io
import itertools
import pickle
import types

import cycler
import numpy as np

MAX_OBJECTS = 3_000_000


class Unmeasurable(Exception):
    """The handed-over figure cannot be measured safely; the message says why."""


def _safe_getattr(obj, name, *default):
    """`getattr` as figure pickles use it: bound methods of matplotlib objects, enum members."""
    if default or not isinstance(name, str) or name.startswith("__"):
        raise Unmeasurable(f"the figure asks for attribute {name!r}, which a figure never needs")
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        value = getattr(obj, name)
        if isinstance(value, obj):
            return value
        raise Unmeasurable(f"the figure asks for {obj.__name__}.{name}, which is not an enum member")
    if isinstance(obj, list) and name == "remove":
        return obj.remove
    if isinstance(obj, (type, types.ModuleType, types.FunctionType, types.MethodType, functools.partial)):
        raise Unmeasurable(f"the figure asks for attribute {name!r} of a {type(obj).__name__}")
    if not _is_matplotlib_class(type(obj)):
        raise Unmeasurable(f"the figure asks for a method of a {type(obj).__name__}, which is not a matplotlib object")
    value = getattr(obj, name)
    if isinstance(value, types.MethodType) and value.__self__ is obj and _is_matplotlib_function(value.__func__):
        return value
    raise Unmeasurable(f"the figure asks for {type(obj).__name__}.{name}, which is not one of its methods")


def _safe_class_constructor(mixin_class, fmt, attr_name, base_class):
    """matplotlib's subplot/host/parasite class factory, only with matplotlib's own arguments."""
    from matplotlib import cbook

    allowed = {("{}Subplot", "_axes_class"), ("{}HostAxes", "_base_axes_class"), ("{}Parasite", "_base_axes_class")}
    if (fmt, attr_name) not in allowed or not all(isinstance(c, type) and _is_matplotlib_class(c) for c in (mixin_class, base_class)):
        raise Unmeasurable("the figure asks matplotlib's class factory for a class matplotlib never makes")
    return cbook._picklable_class_constructor(mixin_class, fmt, attr_name, base_class)


_PLAIN_GLOBALS = {
    ("builtins", name): getattr(builtins, name)
    for name in ("object", "range", "slice", "set", "frozenset", "complex", "bytearray", "list", "dict", "tuple", "int", "float", "str", "bool", "bytes")
}
_PLAIN_GLOBALS.update({
    ("builtins", "getattr"): _safe_getattr,
    ("collections", "OrderedDict"): collections.OrderedDict,
    ("collections", "deque"): collections.deque,
    ("copyreg", "_reconstructor"): copyreg._reconstructor,
    ("functools", "partial"): functools.partial,
    ("itertools", "count"): itertools.count,
    ("datetime", "date"): datetime.date,
    ("datetime", "datetime"): datetime.datetime,
    ("datetime", "time"): datetime.time,
    ("datetime", "timedelta"): datetime.timedelta,
    ("datetime", "timezone"): datetime.timezone,
    ("numpy", "dtype"): np.dtype,
    ("numpy", "ndarray"): np.ndarray,
    ("numpy.core.multiarray", "_reconstruct"): np.core.multiarray._reconstruct,
    ("numpy.core.multiarray", "scalar"): np.core.multiarray.scalar,
    ("numpy.ma.core", "MaskedArray"): np.ma.core.MaskedArray,
    ("numpy.ma.core", "_mareconstruct"): np.ma.core._mareconstruct,
    ("cycler", "Cycler"): cycler.Cycler,
    ("matplotlib.cbook", "_picklable_class_constructor"): _safe_class_constructor,
})
# matplotlib functions (not classes) that figure pickles name.
_MATPLOTLIB_FUNCTIONS = {
    ("matplotlib.cbook", "_exception_printer"),
    ("matplotlib.backend_bases", "_mouse_handler"),
    ("matplotlib.backend_bases", "_key_handler"),
    ("matplotlib.axis", "Axis._format_with_dict"),
}
_DENIED_MODULES = (
    "matplotlib.backends", "matplotlib.testing", "matplotlib.sphinxext", "matplotlib.animation",
    "matplotlib.pyplot", "matplotlib.pylab", "matplotlib.texmanager", "matplotlib.style",
    "matplotlib.backend_tools", "matplotlib.backend_managers", "matplotlib.widgets",
)


def _is_matplotlib_module(name):
    if not isinstance(name, str):
        return False
    root = name.split(".", 1)[0]
    return root in ("matplotlib", "mpl_toolkits") and not any(name == d or name.startswith(d + ".") for d in _DENIED_MODULES)


def _is_matplotlib_class(cls):
    return _is_matplotlib_module(getattr(cls, "__module__", None))


def _is_matplotlib_function(fn):
    return isinstance(fn, types.FunctionType) and _is_matplotlib_module(getattr(fn, "__module__", None))


class SafeUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        key = (module, name)
        if key in _PLAIN_GLOBALS:
            return _PLAIN_GLOBALS[key]
        if not _is_matplotlib_module(module) or not isinstance(name, str):
            raise Unmeasurable(f"the figure holds a {module}.{name}, which the measuring process does not load (only matplotlib's own objects are measured)")
        parts = name.split(".")
        if any(p.startswith("__") or not p for p in parts):
            raise Unmeasurable(f"the figure names {module}.{name}, which is not a matplotlib class")
        try:
            obj = importlib.import_module(module)
            for part in parts:
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as exc:
            raise Unmeasurable(f"the figure names {module}.{name}, which does not exist here ({exc})") from None
        if isinstance(obj, type) and _is_matplotlib_class(obj):
            return obj
        if key in _MATPLOTLIB_FUNCTIONS:
            return obj
        raise Unmeasurable(f"the figure names {module}.{name}, which is not a matplotlib class")


def load_handover(blob):
    """(rc, save, load_figure) from stage 1's blob: two pickles back to back. `load_figure()`
    loads the second one, so the caller can apply the rcParams first (as they were when the
    candidate drew)."""
    stream = io.BytesIO(blob)

    def load_one(what):
        try:
            return SafeUnpickler(stream).load()
        except Unmeasurable:
            raise
        except RecursionError:
            raise Unmeasurable(f"the handed-over {what} is nested too deeply to load") from None
        except MemoryError:
            raise
        except Exception as exc:  # noqa: BLE001 - any malformed pickle is the candidate's problem
            raise Unmeasurable(f"the handed-over {what} could not be loaded ({type(exc).__name__}: {str(exc)[:200]})") from None

    head = load_one("rcParams and save options")
    if not (isinstance(head, tuple) and len(head) == 2 and isinstance(head[0], dict) and isinstance(head[1], dict)):
        raise Unmeasurable("the handover does not start with (rcParams, save options)")

    def load_figure():
        from matplotlib.figure import Figure

        figure = load_one("figure")
        if stream.read(1):
            raise Unmeasurable("the handover holds bytes after the figure")
        if type(figure) is not Figure:
            raise Unmeasurable(f"the handover holds a {type(figure).__name__}, not a matplotlib Figure")
        return figure

    return head[0], head[1], load_figure


# Instance attributes matplotlib itself sets over a method of the same name, with who may own them.
def _colorbar_view_method(owner, value):
    from matplotlib.colorbar import Colorbar

    return isinstance(value, types.MethodType) and isinstance(value.__self__, Colorbar) and value.__self__.ax is owner


_TRANSFORM_WRAPPER_METHODS = {
    "transform", "transform_affine", "transform_non_affine", "transform_path", "transform_path_affine",
    "transform_path_non_affine", "get_affine", "inverted", "get_matrix",
}


def _allowed_shadow(owner, key, value):
    from matplotlib.axes import Axes
    from matplotlib.transforms import TransformWrapper

    if isinstance(owner, Axes) and key in ("cla", "drag_pan", "_get_view", "_set_view", "_set_view_from_bbox"):
        return _colorbar_view_method(owner, value)
    if isinstance(owner, TransformWrapper) and key in _TRANSFORM_WRAPPER_METHODS:
        child = owner.__dict__.get("_child")
        return isinstance(value, types.MethodType) and value.__self__ is child and value.__func__ is getattr(type(child), key, None)
    if isinstance(owner, np.ma.MaskedArray) and key == "_baseclass":
        return isinstance(value, type) and issubclass(value, np.ndarray)
    return False


def _allowed_function(owner, key, value):
    """Functions, bound methods and partials may sit only where matplotlib puts them."""
    from matplotlib import artist as martist, cbook, figure as mfigure
    from matplotlib.axis import Axis
    from matplotlib.legend import Legend
    from matplotlib.ticker import FuncFormatter

    if key == "_remove_method":
        return True  # called only by artist.remove(), never while drawing or measuring
    if key == "stale_callback":
        return value in (getattr(martist, "_stale_axes_callback", None), getattr(mfigure, "_stale_figure_callback", None))
    if key == "exception_handler":
        return value is cbook._exception_printer
    if key == "_marker_function":
        # MarkerStyle copies bind it to a detached copy; audit_figure re-derives it anyway.
        from matplotlib.markers import MarkerStyle

        return isinstance(value, types.MethodType) and isinstance(value.__self__, MarkerStyle) and value.__func__.__name__.startswith("_set_") and _is_matplotlib_function(value.__func__)
    if key == "_offset" and isinstance(value, types.MethodType):
        return isinstance(value.__self__, Legend) and value.__func__ is Legend._findoffset and value.__self__._legend_box is owner
    if key == "func" and isinstance(owner, FuncFormatter):
        return isinstance(value, functools.partial) and value.func is Axis._format_with_dict and len(value.args) == 1 and isinstance(value.args[0], dict) and not value.keywords
    return _allowed_shadow(owner, key, value)


_FUNCTION_TYPES = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.BuiltinMethodType, functools.partial)


def audit_figure(fig):
    """Walks everything reachable from the figure; raises Unmeasurable on state that could make
    what is measured differ from what is drawn; clears callbacks and recomputes marker caches."""
    from matplotlib.cbook import CallbackRegistry
    from matplotlib.markers import MarkerStyle

    seen = set()
    stack = [(fig, None, None)]
    registries = []
    markers = []
    while stack:
        obj, owner, key = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if len(seen) > MAX_OBJECTS:
            raise Unmeasurable(f"the figure holds more than {MAX_OBJECTS} objects")
        if obj is None or isinstance(obj, (str, bytes, int, float, complex, bool, type, types.ModuleType, enum.Enum)):
            continue
        if isinstance(obj, _FUNCTION_TYPES):
            if owner is None or not _allowed_function(owner, key, obj):
                where = f"{type(owner).__name__}.{key}" if owner is not None else "the figure"
                raise Unmeasurable(f"the figure stores a function in {where}, where matplotlib stores none")
            if isinstance(obj, types.MethodType):
                stack.append((obj.__self__, owner, key))
            continue
        if isinstance(obj, (list, tuple, set, frozenset, collections.deque)):
            stack.extend((x, owner, key) for x in obj)
            continue
        if isinstance(obj, dict):
            for k, v in obj.items():
                stack.append((k, owner, key))
                stack.append((v, owner, key))
            continue
        if isinstance(obj, np.ndarray):
            if obj.dtype.hasobject:
                stack.extend((x, owner, key) for x in obj.ravel().tolist())
            d = getattr(obj, "__dict__", None)
            if not d:
                continue
        if isinstance(obj, CallbackRegistry):
            registries.append(obj)
            continue
        if isinstance(obj, MarkerStyle):
            markers.append(obj)
        d = getattr(obj, "__dict__", None)
        if d is None:
            continue
        cls = type(obj)
        for k, v in list(d.items()):
            if not isinstance(k, str) or (k.startswith("__") and k.endswith("__")):
                raise Unmeasurable(f"the figure sets attribute {k!r} on a {cls.__name__}")
            class_attr = getattr(cls, k, None)
            if class_attr is not None and callable(class_attr) and not _allowed_shadow(obj, k, v):
                raise Unmeasurable(f"the figure replaces the method {cls.__name__}.{k} on one object")
            stack.append((v, obj, k))
    for registry in registries:
        # Interactive callbacks (mouse, keys, unit changes): never needed to draw, so none of the
        # handed-over ones runs here.
        registry.callbacks = {}
        registry._func_cid_map = {}
        registry._pickled_cids = set()
    for marker in markers:
        if "_marker" not in marker.__dict__:
            continue  # a detached, never-drawn copy (matplotlib leaves these behind bound methods)
        try:
            marker._set_marker(marker._marker)
        except Exception as exc:  # noqa: BLE001
            raise Unmeasurable(f"the figure holds a marker matplotlib cannot draw ({type(exc).__name__}: {exc})") from None
    return len(seen)
