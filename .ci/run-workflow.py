#!/usr/bin/env python3
"""Runs a GitHub Actions workflow's one job here, step by step, as Actions would run it.

usage: run-workflow.py WORKFLOW --work DIR --checkout PATH=FOLDER [...] [--job ID]
                       [--skip-step NAME ...] [--guide FILE ...]

Runs the workflow's only job, or the job --job names. A checkout step copies the FOLDER given
for its `with: path:` (`.` when it has none: into DIR itself); a `run:` step runs in bash in
DIR with the workflow's and the job's `env:` and GITHUB_STEP_SUMMARY (DIR/summary.md); an
upload-artifact step checks that its path exists. The job's `runs-on:` and `container:` are
this machine: run the job where its image would be. A failing step stops the job, as Actions
stops it, and the steps marked `if: always()` run still; a --skip-step step is not run (and
must exist). Each --guide file must name every step (the teacher's guide tells the steps by
name). Prints the job summary; exit status 1 when a step failed.
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys

import yaml


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("workflow", type=pathlib.Path)
    parser.add_argument("--work", required=True, type=pathlib.Path)
    parser.add_argument("--checkout", action="append", default=[])
    parser.add_argument("--guide", action="append", default=[], type=pathlib.Path)
    parser.add_argument("--job")
    parser.add_argument("--skip-step", action="append", default=[])
    options = parser.parse_args()
    workflow = yaml.safe_load(options.workflow.read_text())
    # YAML 1.1 reads the key `on` as True.
    triggers = workflow.get("on", workflow.get(True))
    assert "push" in triggers, "the workflow runs on push"
    if options.job:
        job = workflow["jobs"][options.job]
    else:
        (job,) = workflow["jobs"].values()
    assert "strategy" not in job, "a job with a matrix runs on Actions only"
    steps = job["steps"]
    assert all("name" in step for step in steps), "every step has a name"
    names = [step["name"] for step in steps]
    unknown = [name for name in options.skip_step if name not in names]
    assert not unknown, f"no steps named {unknown}"
    for guide in options.guide:
        text = guide.read_text()
        missing = [step["name"] for step in steps if f"`{step['name']}`" not in text]
        assert not missing, f"{guide} does not name the steps {missing}"

    checkouts = dict(item.split("=", 1) for item in options.checkout)
    work = options.work
    work.mkdir(parents=True, exist_ok=True)
    summary = work / "summary.md"
    summary.write_text("")
    environment = dict(os.environ)
    environment.update({key: str(value) for key, value in workflow.get("env", {}).items()})
    environment.update({key: str(value) for key, value in job.get("env", {}).items()})
    environment["GITHUB_STEP_SUMMARY"] = str(summary)
    failed = False
    for step in steps:
        if step["name"] in options.skip_step:
            print(f"── {step['name']}: skipped (--skip-step)", flush=True)
            continue
        if failed and step.get("if") != "always()":
            print(f"── {step['name']}: skipped", flush=True)
            continue
        print(f"── {step['name']}", flush=True)
        uses = step.get("uses", "")
        if uses.startswith("actions/checkout@"):
            path = step.get("with", {}).get("path", ".")
            shutil.copytree(checkouts[path], work / path, symlinks=True, dirs_exist_ok=True)
        elif uses.startswith("actions/upload-artifact@"):
            if not (work / step["with"]["path"]).exists():
                print(f"   nothing to upload at {step['with']['path']}")
        elif "run" in step:
            status = subprocess.run(
                ["bash", "-e", "-c", step["run"]], cwd=work, env=environment
            ).returncode
            if status != 0:
                print(f"   failed with status {status}", flush=True)
                failed = True
        else:
            raise SystemExit(f"a step this script cannot run: {step}")
    print("── job summary")
    print(summary.read_text(), end="")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
