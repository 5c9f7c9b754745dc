#!/usr/bin/env python3
"""Plays an ohm build at a chosen level and time per move, for `ohm match`.

    ohm match "level:6,time=2000" "gtp:scripts/gtp-level-relay.py OLD_BINARY 6 2000" ...

Starts OLD_BINARY (which speaks GTP on stdin/stdout), sets its level and its time per move
with `param_ohm` and its swap rule off (`ohm-swap_rule`, where it has it), then relays every
command and reply. Older builds take only the
`param_ohm` settings, not `ohm match`'s player strings, so this is how a match meets the
build from before a change (docs/strength.md).
"""
import subprocess
import sys


def reply(child):
    """One GTP reply: the lines from its '=' or '?' up to the blank line that ends it."""
    lines = []
    while True:
        line = child.stdout.readline()
        if line == "":
            sys.exit("gtp-level-relay: the engine closed its output")
        if line.strip() == "":
            if lines:
                return "".join(lines)
            continue
        lines.append(line)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gtp-level-relay.py BINARY LEVEL TIME_MS")
    binary, level, time_ms = sys.argv[1:4]
    child = subprocess.Popen(
        [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    for command in (f"param_ohm level {level}", f"param_ohm time_ms {time_ms}"):
        child.stdin.write(command + "\n")
        child.stdin.flush()
        answer = reply(child)
        if not answer.startswith("="):
            sys.exit(f"gtp-level-relay: {command!r} refused: {answer.strip()}")
    # `ohm match` plays without swap, as today's GTP engine does by default (`param_game
    # allow_swap 0`); builds before that took the swap rule on, by `ohm-swap_rule`, and
    # would answer a one-stone opening with swap-pieces. Builds without the command keep
    # their default.
    child.stdin.write("ohm-swap_rule off\n")
    child.stdin.flush()
    reply(child)
    for line in sys.stdin:
        command = line.split("#", 1)[0].strip()
        if not command:
            continue
        child.stdin.write(command + "\n")
        child.stdin.flush()
        sys.stdout.write(reply(child) + "\n")
        sys.stdout.flush()
        words = command.split()
        if words[0].isdigit():
            words = words[1:]  # a GTP command id
        if words[:1] == ["quit"]:
            break
    child.wait()


if __name__ == "__main__":
    main()
