"""Offline visits: the service worker's precache list and the deploy's stamp (``build_sw``)."""
