"""mjc's own version, as printed by `mjc --version` and stamped into generated modules, and
the address of its repository (written once, in pyproject.toml's [project.urls])."""

MJC_VERSION = "0.1.0"


def repository_url() -> str:
    """The `Repository` address of [project.urls] in pyproject.toml, read from the installed
    package's metadata; "" when mjc runs uninstalled. (`importlib.metadata` is imported here:
    it costs every command's start more than its version.)"""
    from importlib import metadata

    try:
        urls = metadata.metadata("mjc").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return ""
    for entry in map(str, urls):
        label, _, url = entry.partition(",")
        if label.strip().casefold() == "repository":
            return url.strip()
    return ""
