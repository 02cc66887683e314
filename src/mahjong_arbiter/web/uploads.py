"""House-rules profiles pasted or uploaded in the browser, checked by the profile loader.

A browser session keeps its uploaded profile's text and sends it with each request that names
it (``profile_toml``), so the server keeps no session state and a share link can carry the text.
Each text is loaded once (cached by its SHA-256) by :func:`mahjong_arbiter.profiles.loader.load_profile`,
from a file in a private temporary folder, so every check and every message is the loader's own.

An uploaded profile may extend only a built-in profile (``extends = "hk-old-style"``): it can
name no file, so an upload never makes the server read one of its files.  Its id may not name a
built-in profile in any spelling the shared matcher reads (``MCR``, ``chinese-standard``).  Its
size is limited (:data:`~mahjong_arbiter.web.config.MAX_PROFILE`).
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from ..errors import ArbiterError, ProfileError
from ..profiles.loader import builtin_id, builtin_profile_ids, load_profile, profile_data
from ..profiles.model import Profile

__all__ = ["UploadedProfiles", "UPLOAD_NAME"]

UPLOAD_NAME: Final = "uploaded profile"
"""How messages name an uploaded profile (never by the server's file path)."""

_CACHED: Final = 32


class UploadedProfiles:
    """Uploaded profile texts, checked and loaded, the latest :data:`_CACHED` kept in memory."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._folder = Path(tempfile.mkdtemp(prefix="mahjong-arbiter-uploads-")).resolve()
        self._loaded: OrderedDict[str, Profile] = OrderedDict()
        self._lock = threading.Lock()

    def close(self) -> None:
        """Remove the temporary folder."""
        shutil.rmtree(self._folder, ignore_errors=True)

    def load(self, text: str) -> Profile:
        """The profile *text* defines, or a :class:`~mahjong_arbiter.errors.ProfileError` saying why not."""
        data = text.encode("utf-8", errors="replace")
        if len(data) > self.max_bytes:
            raise ArbiterError(
                "too_large", f"the {UPLOAD_NAME} has {len(data)} bytes; at most {self.max_bytes} are accepted"
            )
        key = hashlib.sha256(data).hexdigest()
        with self._lock:
            if key in self._loaded:
                self._loaded.move_to_end(key)
                return self._loaded[key]
        profile = self._check_and_load(text, key)
        with self._lock:
            self._loaded[key] = profile
            while len(self._loaded) > _CACHED:
                self._loaded.popitem(last=False)
        return profile

    def _check_and_load(self, text: str, key: str) -> Profile:
        """Write *text* to its own file and have the loader read it: the loader's parse (kept for
        the load that follows) and every one of its messages, the file named as :data:`UPLOAD_NAME`."""
        path = (self._folder / f"{key[:24]}.toml").resolve()
        path.write_text(text, encoding="utf-8")
        try:
            self._check_header(profile_data(path))
            return load_profile(path)
        except ProfileError as exc:
            path.unlink(missing_ok=True)
            message = exc.message.replace(str(path), UPLOAD_NAME).replace(str(self._folder), UPLOAD_NAME)
            raise ProfileError(message, code=exc.code) from None

    @staticmethod
    def _check_header(raw: Mapping[str, Any]) -> None:
        """Refuse a parent that is not a built-in profile (an upload names no file) and an id that
        names a built-in profile in any spelling the shared matcher reads (``MCR``,
        ``chinese-standard``): a house ruling must never be labelled as a built-in one."""
        builtins = builtin_profile_ids()
        parent = raw.get("extends")
        if not isinstance(parent, str) or parent not in builtins:
            shown = "nothing" if parent is None else repr(parent)
            raise ProfileError(
                f"{UPLOAD_NAME}: field 'extends' must name a built-in profile ({', '.join(builtins)}), "
                f"not {shown}: an uploaded profile may extend only built-in profiles"
            )
        pid = raw.get("id")
        named = builtin_id(pid) if isinstance(pid, str) else None
        if named is not None:
            which = f"the built-in {named!r}" if pid == named else f"{pid!r}, a name of the built-in profile {named!r}"
            raise ProfileError(f"{UPLOAD_NAME}: field 'id' is {which}; give the house rules their own id")
