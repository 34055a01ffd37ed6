"""The runtime served with the pages, in ``vendor/``: PyScript and Pyodide copied from the
pinned npm packages (``vendor``), the interpreter module (``pyodide_start.mjs`` and the
modules beside it), the sources compiled ahead of time (``build_bytecode``) and the Python
image (``build_snapshot``, ``build_image``), both made by Pyodide under Node (``node_built``,
``node_pyodide.mjs``).
"""
