"""Point the README's Binder badges at your copy of the kit on GitHub.

    python3 tools/binder_badges.py                  # OWNER/REPO from `git remote get-url origin`
    python3 tools/binder_badges.py --repo me/my-kit # or say it

The badges open `https://mybinder.org/v2/gh/OWNER/REPO/BRANCH?urlpath=...`; this rewrites the
OWNER/REPO part of every such Markdown link target in README.md (the placeholder `OWNER/REPO`
or a repository written before) and leaves the branch and the page each badge opens as they
are. The
repository comes from the `origin` remote, in its https form (`https://github.com/me/my-kit`,
with or without `.git`) or its ssh forms (`git@github.com:me/my-kit.git`,
`ssh://git@github.com/me/my-kit`). Needs nothing but Python and git.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: A GitHub repository name as GitHub allows it: OWNER/REPO.
REPO_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[A-Za-z0-9._-]+$")
#: The forms of a GitHub remote address; group 1 is OWNER/REPO (".git" left off).
GITHUB_REMOTE = re.compile(
    r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com(?::\d+)?/)"
    r"([^/\s]+/[^/\s]+?)(?:\.git)?/?$"
)
#: The repository part of a Binder badge's link (a Markdown link's target, so that an address
#: merely quoted in the text stays): group 1 the prefix, group 2 OWNER/REPO.
BADGE_REPO = re.compile(r"(\]\(https://mybinder\.org/v2/gh/)([^/\s)]+/[^/\s)]+)(?=/)")


class BadgeError(Exception):
    """Why the badges could not be rewritten, in one sentence for the person running the tool."""


def repo_from_remote(url: str) -> str | None:
    """OWNER/REPO of a GitHub remote address (https or ssh), None for any other address."""
    match = GITHUB_REMOTE.match(url.strip())
    if not match or not REPO_NAME.match(match.group(1)):
        return None
    return match.group(1)


def origin_url(folder: Path = ROOT) -> str | None:
    """What `git remote get-url origin` says in `folder`, None when there is no such remote
    (or no git)."""
    try:
        done = subprocess.run(
            ["git", "remote", "get-url", "origin"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def repo_of_checkout(folder: Path = ROOT) -> str:
    """OWNER/REPO of the checkout's `origin` remote on GitHub, or a BadgeError saying why not."""
    url = origin_url(folder)
    if url is None:
        raise BadgeError(
            "no git remote named origin here; push your fork to GitHub and clone it, "
            "or name the repository with --repo OWNER/REPO"
        )
    repo = repo_from_remote(url)
    if repo is None:
        raise BadgeError(
            f"the origin remote ({url}) is not a GitHub repository; Binder builds from "
            "GitHub: name the repository with --repo OWNER/REPO"
        )
    return repo


def rewrite_badges(text: str, repo: str) -> tuple[str, int]:
    """`text` with every Binder badge link opening `repo`, and the number of links found."""
    if not REPO_NAME.match(repo):
        raise BadgeError(f"{repo!r} is not a GitHub repository name: give it as OWNER/REPO")
    new, count = BADGE_REPO.subn(lambda m: m.group(1) + repo, text)
    if count == 0:
        raise BadgeError("no Binder badge link (https://mybinder.org/v2/gh/...) to rewrite")
    return new, count


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the README's badges; returns the exit status (1 with a one-line reason)."""
    parser = argparse.ArgumentParser(
        prog="binder_badges", description="Point the README's Binder badges at a GitHub copy."
    )
    parser.add_argument("--repo", help="OWNER/REPO on GitHub (default: from the origin remote)")
    parser.add_argument("--readme", type=Path, default=README, help="the file to rewrite")
    args = parser.parse_args(argv)
    try:
        repo = args.repo or repo_of_checkout(args.readme.resolve().parent)
        text = args.readme.read_text(encoding="utf-8")
        new, count = rewrite_badges(text, repo)
    except (BadgeError, OSError) as err:
        print(f"binder_badges: {err}", file=sys.stderr)
        return 1
    if new == text:
        print(f"{args.readme}: the {count} Binder links already open {repo}")
        return 0
    args.readme.write_text(new, encoding="utf-8")
    print(
        f"{args.readme}: the {count} Binder links now open {repo}; commit and push it, and "
        "the badges launch your copy on Binder"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
