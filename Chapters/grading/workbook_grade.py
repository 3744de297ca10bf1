#!/usr/bin/env python3
"""Grades a learner's exercises with the teacher's workbook.

usage: workbook_grade.py --workbook DIR --learner DIR --out DIR [--lang en|ko]

--workbook is the teacher's workbook (a checkout of the class template at a pinned commit,
or the tree a Classroom 50 bundle carries); --learner is the learner's repository. Only the
exercise folders come from the learner: every `Chapters/**/exercise` folder of the teacher's
workbook is replaced by the learner's folder at the same path (regular files only; a missing
folder stays missing, and its exercise earns nothing). Package.swift, Sources/, Tests/, the
rules and the scoring stay the teacher's, so nothing the learner changes elsewhere moves the
grade. The workbook folder is changed in place: give it a throwaway copy.

Then it builds the workbook, runs `workbook check --all --json` once, and writes to --out:
  grade.json    the grader's report (points per exercise, every verdict)
  summary.md    that report as Markdown: a job summary, a release body
  results.json  that report as exercism's results.json, version 3
  build.log     what the build printed

Exit status 0 once the three files are written, whatever the grade; 1 when the workbook
does not build (the compiler's first error is printed, as a GitHub annotation too, and is
summary.md); 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys

BUILD_TIME_LIMIT = 900
CHECK_TIME_LIMIT = 900


def exercise_folders(workbook: pathlib.Path) -> list[pathlib.Path]:
    """The teacher's exercise folders, relative to the workbook: each `exercise` folder under
    `Chapters/` that has a `solution` folder beside it."""
    chapters = workbook / "Chapters"
    found = [
        path.relative_to(workbook)
        for path in chapters.rglob("exercise")
        if path.is_dir() and not path.is_symlink() and (path.parent / "solution").is_dir()
    ]
    return sorted(found)


def take_exercises(workbook: pathlib.Path, learner: pathlib.Path) -> list[str]:
    """Replaces each of the teacher's exercise folders with the learner's; returns notes on
    what was left out (links, folders the learner does not have)."""
    notes = []
    for relative in exercise_folders(workbook):
        target = workbook / relative
        shutil.rmtree(target)
        source = learner / relative
        if not source.is_dir() or source.is_symlink():
            notes.append(f"{relative}: not in the learner's repository")
            continue
        for path in sorted(source.rglob("*")):
            inside = path.relative_to(source)
            if path.is_symlink():
                notes.append(f"{relative / inside}: a link, left out")
            elif path.is_dir():
                (target / inside).mkdir(parents=True, exist_ok=True)
            elif path.is_file():
                (target / inside).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target / inside)
        target.mkdir(parents=True, exist_ok=True)
    return notes


def first_error(log: str) -> str:
    """The compiler's first error (`file:line:column: error: …`), else the first line that
    says `error:`, else the log's last line."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    for line in lines:
        if re.match(r"\S+:\d+:\d+: error: ", line):
            return line
    for line in lines:
        if "error:" in line:
            return line
    return lines[-1] if lines else "the build printed nothing"


def run(command: list[str], cwd: pathlib.Path, limit: int) -> subprocess.CompletedProcess:
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=limit
    )


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="workbook_grade.py",
        description="Grades a learner's exercises with the teacher's workbook.",
    )
    parser.add_argument("--workbook", required=True, type=pathlib.Path)
    parser.add_argument("--learner", required=True, type=pathlib.Path)
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--lang", choices=["en", "ko"], default="en")
    options = parser.parse_args(arguments)
    workbook = options.workbook.resolve()
    learner = options.learner.resolve()
    out = options.out.resolve()
    if not (workbook / "Package.swift").is_file():
        parser.error(f"--workbook {options.workbook} has no Package.swift")
    if not learner.is_dir():
        parser.error(f"--learner {options.learner} is not a folder")
    if workbook == learner:
        parser.error("--workbook and --learner are one folder: grade in a copy of the teacher's")
    out.mkdir(parents=True, exist_ok=True)

    for note in take_exercises(workbook, learner):
        print(f"workbook_grade: {note}", file=sys.stderr)

    print("workbook_grade: building the teacher's workbook", file=sys.stderr, flush=True)
    build = run(["swift", "build", "--product", "workbook"], workbook, BUILD_TIME_LIMIT)
    (out / "build.log").write_text(build.stdout + build.stderr)
    if build.returncode != 0:
        error = first_error(build.stdout + build.stderr).replace(str(workbook) + os.sep, "")
        print("::error title=The workbook does not build::" + error.replace("%", "%25"))
        print(f"workbook_grade: the workbook does not build: {error}", file=sys.stderr)
        (out / "summary.md").write_text(
            "## The workbook does not build\n\n```text\n" + error + "\n```\n"
        )
        return 1

    print("workbook_grade: checking every exercise", file=sys.stderr, flush=True)
    check = run(
        ["swift", "run", "-q", "--skip-build", "workbook", "check", "--all", "--json",
         "--lang", options.lang],
        workbook, CHECK_TIME_LIMIT,
    )
    if check.returncode not in (0, 1) or not check.stdout.strip():
        print(f"workbook_grade: check --all failed ({check.returncode}): "
              f"{first_error(check.stderr)}", file=sys.stderr)
        return 1
    (out / "grade.json").write_text(check.stdout)

    for name, format in (("summary.md", "markdown"), ("results.json", "exercism")):
        report = run(
            ["swift", "run", "-q", "--skip-build", "workbook", "report", str(out / "grade.json"),
             "--format", format],
            workbook, 120,
        )
        if report.returncode != 0:
            print(f"workbook_grade: report --format {format} failed: "
                  f"{first_error(report.stderr)}", file=sys.stderr)
            return 1
        (out / name).write_text(report.stdout)
    print(f"workbook_grade: wrote {out / 'grade.json'}, summary.md, results.json",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
