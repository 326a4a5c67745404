"""tools/binder_badges.py: OWNER/REPO from the git remote, the README's badges rewritten."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("binder_badges", REPO / "tools" / "binder_badges.py")
assert _spec is not None and _spec.loader is not None
badges = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(badges)

PLACEHOLDER_BADGES = (
    "[![a](https://mybinder.org/badge_logo.svg)]"
    "(https://mybinder.org/v2/gh/OWNER/REPO/main?urlpath=lab/tree/notebooks/00_index.ipynb)\n"
    "[![b](https://img.shields.io/badge/launch-Voila%20app-579ACA)]"
    "(https://mybinder.org/v2/gh/OWNER/REPO/main?urlpath=voila/render/notebooks/00_index.ipynb)\n"
)


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/ann/martian-kit",
        "https://github.com/ann/martian-kit.git",
        "https://github.com/ann/martian-kit/",
        "https://ann@github.com/ann/martian-kit.git",
        "git@github.com:ann/martian-kit.git",
        "git@github.com:ann/martian-kit",
        "ssh://git@github.com/ann/martian-kit.git",
        "ssh://git@github.com:22/ann/martian-kit",
    ],
)
def test_the_repository_of_every_github_remote_form(url):
    assert badges.repo_from_remote(url) == "ann/martian-kit"


@pytest.mark.parametrize(
    "url",
    [
        "https://gitlab.com/ann/martian-kit.git",
        "git@bitbucket.org:ann/martian-kit.git",
        "/home/ann/martian-kit",
        "https://github.com/ann",
        "https://github.com/ann/martian-kit/tree/main",
    ],
)
def test_other_remotes_are_no_github_repository(url):
    assert badges.repo_from_remote(url) is None


def test_the_badges_open_the_repository_and_keep_branch_and_page():
    text, count = badges.rewrite_badges("intro\n" + PLACEHOLDER_BADGES, "ann/martian-kit")
    assert count == 2
    assert text == "intro\n" + PLACEHOLDER_BADGES.replace("OWNER/REPO", "ann/martian-kit")
    again, _ = badges.rewrite_badges(text, "bo/fork")
    assert "ann/" not in again and again.count("/v2/gh/bo/fork/main?urlpath=") == 2


def test_an_address_quoted_in_the_text_is_no_badge():
    text = PLACEHOLDER_BADGES + "They open `https://mybinder.org/v2/gh/YOU/kit/main?urlpath=lab`.\n"
    new, count = badges.rewrite_badges(text, "ann/kit")
    assert count == 2 and new.endswith("`https://mybinder.org/v2/gh/YOU/kit/main?urlpath=lab`.\n")


def test_the_shipped_readme_has_both_badges():
    _, count = badges.rewrite_badges((REPO / "README.md").read_text(encoding="utf-8"), "a/b")
    assert count == 2


def _checkout(tmp_path: Path, remote: str | None) -> Path:
    if shutil.which("git") is None:
        pytest.skip("needs git")
    folder = tmp_path / "copy"
    folder.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=folder, check=True)
    if remote is not None:
        subprocess.run(["git", "remote", "add", "origin", remote], cwd=folder, check=True)
    (folder / "README.md").write_text(PLACEHOLDER_BADGES, encoding="utf-8")
    return folder


def test_the_tool_reads_the_origin_remote_and_rewrites_the_readme(tmp_path, capsys):
    folder = _checkout(tmp_path, "git@github.com:ann/martian-kit.git")
    readme = folder / "README.md"
    assert badges.main(["--readme", str(readme)]) == 0
    assert readme.read_text() == PLACEHOLDER_BADGES.replace("OWNER/REPO", "ann/martian-kit")
    assert "the 2 Binder links now open ann/martian-kit" in capsys.readouterr().out
    assert badges.main(["--readme", str(readme)]) == 0
    assert "already open ann/martian-kit" in capsys.readouterr().out
    assert badges.main(["--readme", str(readme), "--repo", "bo/fork"]) == 0
    assert readme.read_text().count("/v2/gh/bo/fork/main") == 2


@pytest.mark.parametrize(
    "remote, says",
    [
        (None, "no git remote named origin here"),
        ("https://gitlab.com/ann/kit.git", "(https://gitlab.com/ann/kit.git) is not a GitHub"),
    ],
)
def test_without_a_github_remote_the_tool_says_so_and_changes_nothing(
    tmp_path, capsys, remote, says
):
    folder = _checkout(tmp_path, remote)
    readme = folder / "README.md"
    assert badges.main(["--readme", str(readme)]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert says in line and "--repo OWNER/REPO" in line
    assert readme.read_text() == PLACEHOLDER_BADGES


def test_a_bad_repository_name_or_a_readme_without_badges(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text(PLACEHOLDER_BADGES)
    assert badges.main(["--readme", str(readme), "--repo", "not a repo"]) == 1
    assert "give it as OWNER/REPO" in capsys.readouterr().err
    readme.write_text("no badges here\n")
    assert badges.main(["--readme", str(readme), "--repo", "ann/kit"]) == 1
    assert "no Binder badge link" in capsys.readouterr().err
