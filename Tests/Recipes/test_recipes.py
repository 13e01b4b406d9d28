"""The CI recipes in README, validated by real linters: check-jsonschema with its bundled GitHub workflow and
GitLab CI schemas; and the README's setup lines and recipes held to scripts/deps, the one list of system packages."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"


def recipe(heading):
    """The first YAML block after the line that starts with `heading`."""
    text = README.read_text(encoding="utf-8")
    start = text.index(heading)
    return re.search(r"```yaml\n(.*?)```", text[start:], re.S).group(1)


def validate(schema, text, tmp_path):
    path = tmp_path / "recipe.yml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, str(path)],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("heading,schema", [
    ("GitHub Actions, `.github/workflows/pages.yml`", "vendor.github-workflows"),
    ("GitLab Pages, `.gitlab-ci.yml`", "vendor.gitlab-ci"),
])
def test_the_readme_recipes_pass_their_schemas(heading, schema, tmp_path):
    result = validate(schema, recipe(heading), tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_github_recipe_uploads_the_archive_as_the_pages_artifact():
    text = recipe("GitHub Actions, `.github/workflows/pages.yml`")
    assert "--archive artifact.tar" in text
    assert "name: github-pages, path: artifact.tar" in text


@pytest.mark.parametrize("heading,host", [
    ("GitHub Actions, `.github/workflows/pages.yml`", "github-pages"),
    ("GitLab Pages, `.gitlab-ci.yml`", "gitlab-pages"),
])
def test_each_recipe_builds_with_its_hosts_preset(heading, host):
    assert f"citygen build --host {host} " in recipe(heading)


def test_a_broken_recipe_fails_the_schema(tmp_path):
    broken = recipe("GitLab Pages, `.gitlab-ci.yml`").replace("script:", "scrpit:")
    assert validate("vendor.gitlab-ci", broken, tmp_path).returncode != 0
    broken = recipe("GitHub Actions, `.github/workflows/pages.yml`").replace("runs-on: ubuntu-24.04", "runs_on: ubuntu-24.04")
    assert validate("vendor.github-workflows", broken, tmp_path).returncode != 0


def deps_packages():
    """The Debian packages scripts/deps installs (`citygen_packages=(package:module …)`)."""
    text = (REPO / "scripts" / "deps").read_text(encoding="utf-8")
    entries = re.search(r"citygen_packages=\(([^)]*)\)", text).group(1).split()
    return [entry.split(":")[0] for entry in entries]


def test_deps_lists_every_system_library_the_package_links():
    packages = deps_packages()
    manifest = (REPO / "Package.swift").read_text(encoding="utf-8")
    for apt in re.findall(r'\.apt\(\["([^"]+)"\]\)', manifest):
        assert apt in packages, f"Package.swift needs {apt}, which scripts/deps does not install"


@pytest.mark.parametrize("heading", ["GitHub Actions, `.github/workflows/pages.yml`", "GitLab Pages, `.gitlab-ci.yml`"])
def test_each_recipe_installs_every_package_of_deps(heading):
    install = re.search(r"apt-get install -y ([^\n]+)", recipe(heading)).group(1).split()
    assert sorted(install) == sorted(deps_packages()), install


def test_the_readme_setup_names_every_package_of_deps():
    text = README.read_text(encoding="utf-8")
    setup = text[text.index("## The two commands"):text.index("```sh", text.index("## The two commands"))]
    for package in deps_packages():
        assert f"{package}" in setup, package
