"""mjc's compiler: rulebook text to checked IR to generated modules and docs."""
