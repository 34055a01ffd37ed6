"""What the site's pages and their PyScript configs are made from: the game page's skeleton and
``pyscript.toml`` (``build_web``), the Learn pages (``build_learn``, its text in ``learn_text/``,
its checks and legend), the embedded board and its kit (``build_embed``, ``embed_hosts``), the
lesson boards' config (``build_live``), the icons.
"""
