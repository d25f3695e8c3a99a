"""mjc's own version, as printed by `mjc --version` and stamped into generated modules."""

MJC_VERSION = "0.1.0"
