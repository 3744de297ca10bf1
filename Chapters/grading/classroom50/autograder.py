#!/usr/bin/env python3
"""Classroom 50's autograder for the Koober DI Workbook.

Classroom 50 runs this file with the learner's checkout as the current folder and
CLASSROOM50_BUNDLE_DIR naming the folder it was uploaded in, beside `workbook.tar.gz`: the
class template at the commit that grades (TEACHING.md, "Grading with Classroom 50"). It
grades with that workbook and takes only the exercise folders from the learner
(workbook_grade.py), then writes, in the learner's checkout:

  result.json      classroom50/result/v1: a test per exercise, its points the workbook's
                   partial credit (10 an exercise)
  release-body.md  every exercise's points, verdict and first ✗, in the class's language

Exit status 0 once both are written; 1 when the workbook does not build or the check could
not run (Classroom 50 then records the submission as an error, with this log).
"""

import json
import os
import pathlib
import subprocess
import sys
import tarfile
import tempfile

# The class's language, for every verdict the learner reads: "en" or "ko".
CLASS_LANGUAGE = "en"


def extract(archive: pathlib.Path, folder: pathlib.Path) -> str:
    """Extracts the workbook; returns the commit `git archive` recorded in it, or "?"."""
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(folder, filter="data")
        else:
            tar.extractall(folder)
        return tar.pax_headers.get("comment", "?").strip()


def main() -> int:
    here = pathlib.Path(__file__).resolve().parent
    bundle = pathlib.Path(os.environ.get("CLASSROOM50_BUNDLE_DIR") or here)
    learner = pathlib.Path.cwd()
    with tempfile.TemporaryDirectory(prefix="workbook-grade-") as scratch:
        workbook = pathlib.Path(scratch) / "workbook"
        out = pathlib.Path(scratch) / "out"
        commit = extract(bundle / "workbook.tar.gz", workbook)
        print(f"autograder: the teacher's workbook at {commit}", flush=True)
        status = subprocess.run(
            [sys.executable, str(workbook / "Chapters/grading/workbook_grade.py"),
             "--workbook", str(workbook), "--learner", str(learner), "--out", str(out),
             "--lang", CLASS_LANGUAGE],
        ).returncode
        if status != 0 or not (out / "grade.json").is_file():
            print(f"autograder: grading failed (status {status}); see the lines above",
                  file=sys.stderr)
            return 1
        report = json.loads((out / "grade.json").read_text())
        summary = (out / "summary.md").read_text()

    tests = [
        {
            "test-name": f"{entry['number']} · {entry['slug']}",
            "passed": entry["status"] == "pass",
            "score": entry["points"],
            "max-score": entry["maxPoints"],
        }
        for entry in report["exercises"]
    ]
    environment = os.environ
    commit_url = environment.get("COMMIT_URL", "")
    result = {
        # Classroom 50 stamps owner, assignment_type, datetime and graded_at itself.
        "schema": "classroom50/result/v1",
        "classroom": environment.get("CLASSROOM", ""),
        "assignment": environment.get("ASSIGNMENT", ""),
        "owner": environment.get("OWNER") or environment.get("USERNAME", ""),
        "assignment_type": environment.get("ASSIGNMENT_TYPE", "individual"),
        "submission": environment.get("SUBMISSION_TAG", ""),
        "commit": commit_url,
        "release": environment.get("RELEASE_URL", ""),
        "review": environment.get("REVIEW_URL") or commit_url,
        "datetime": "",
        "score": sum(test["score"] for test in tests),
        "max-score": sum(test["max-score"] for test in tests),
        "tests": tests,
    }
    (learner / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    (learner / "release-body.md").write_text(summary)
    print(f"autograder: {result['score']} of {result['max-score']} points", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
