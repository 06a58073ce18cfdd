"""`--step function:NAME`: every call of the function NAME is one step, without editing the script
(`--step generate:NAME`: one generation request, generation.py).

A profile function (sys.setprofile) waits for the first call of NAME; that call is counted from its
call and return events, and the function is then replaced where its callers look it up (the
module's globals, or the class of `self` for a method) by a wrapper that marks each later call as a
step. The profile function is removed at once, so it costs nothing afterwards.
"""

import functools
import sys

from . import markers


class StepFunctionWatcher:
    def __init__(self, session, name, requests=False):
        self.session = session
        # A request (its prefill and decode iterations are phases) or a plain step.
        self._begin = session.begin_request if requests else session.begin_marked_step
        self._end = session.end_request if requests else session.end_marked_step
        self.qualname = name
        self.name = name.rsplit(".", 1)[-1]
        self._first_frame = None
        self.installed = False

    def start(self):
        sys.setprofile(self._profile)

    def stop(self):
        if sys.getprofile() == self._profile:
            sys.setprofile(None)

    def _matches(self, code):
        if code.co_name != self.name:
            return False
        qualname = getattr(code, "co_qualname", None)  # Python >= 3.11
        return qualname is None or "." not in self.qualname or qualname == self.qualname

    def _profile(self, frame, event, arg):
        if event == "call" and self._first_frame is None and self._matches(frame.f_code):
            self._first_frame = frame
            self._install(frame)
            self._begin()
        elif event == "return" and frame is self._first_frame:
            self.stop()
            # No exception may leave a profile function: a finished capture ends the run at the next call.
            self._end(raise_when_complete=False)

    def _wrap(self, function):
        begin, end = self._begin, self._end

        @functools.wraps(function)
        def stepped(*args, **kwargs):
            begin()
            completed = False
            try:
                result = function(*args, **kwargs)
                completed = True
                return result
            finally:
                end(raise_when_complete=completed)

        return stepped

    def _install(self, frame):
        code = frame.f_code
        scope = frame.f_globals
        target = scope.get(self.name)
        if getattr(target, "__code__", None) is code:
            scope[self.name] = self._wrap(target)
            self.installed = True
            return
        owner = frame.f_locals.get("self")
        if owner is not None:
            for cls in type(owner).__mro__:
                attribute = cls.__dict__.get(self.name)
                if getattr(attribute, "__code__", None) is code:
                    setattr(cls, self.name, self._wrap(attribute))
                    self.installed = True
                    return
        markers.warning("step function %s is neither a module-level function nor a method: "
                        "only its first call is counted" % self.qualname)
