#!/usr/bin/env python3
"""Updates translations/*.ts from the sources (lupdate), keeping the translation of every string
that only moved: a string whose context changed (a function moved to another class) or that
reappears is unfinished after lupdate; when the same source text (and comment) had a finished
translation before, in any context, that translation is carried over. New strings stay
unfinished: translate them (tst_translations fails until every one is).
Usage: scripts/update-translations.py [LUPDATE]   (from the repository root; prints what it did)
"""
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LUPDATE = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/qt6/bin/lupdate"


def key(message):
    source = message.findtext("source") or ""
    comment = message.findtext("comment") or ""
    return source, comment


def finished(message):
    t = message.find("translation")
    return t is not None and t.get("type") not in ("unfinished", "vanished", "obsolete") and \
        ((t.text or "").strip() or any((n.text or "").strip() for n in t.findall("numerusform")))


def lupdate(ts):
    subprocess.run([LUPDATE, "-locations", "none", "-no-obsolete", "ui", "app/gui", "-ts", str(ts)],
                   check=True, stdout=subprocess.DEVNULL)


def main():
    for ts in sorted(Path("translations").glob("schedscope_*.ts")):
        known = {}
        for m in ET.parse(ts).getroot().iter("message"):
            if finished(m):
                known.setdefault(key(m), m.find("translation"))
        lupdate(ts)
        tree = ET.parse(ts)
        carried, missing = 0, []
        for context in tree.getroot().iter("context"):
            for m in context.iter("message"):
                t = m.find("translation")
                if t is None or t.get("type") != "unfinished":
                    continue
                old = known.get(key(m))
                if old is None:
                    missing.append(f"{context.findtext('name')}: {key(m)[0]!r}")
                    continue
                m.remove(t)
                copy = ET.fromstring(ET.tostring(old))
                copy.tail = t.tail
                m.append(copy)
                carried += 1
        if carried:
            tree.write(ts, encoding="utf-8", xml_declaration=True)
            lupdate(ts)  # lupdate's own layout again (the DOCTYPE, its indentation)
        print(f"{ts}: {carried} moved strings kept their translation; {len(missing)} to translate")
        for m in missing:
            print(f"  {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
