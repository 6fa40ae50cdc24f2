"""The version of jink, in a module of its own so that the pages and the
command line that print it need not import the whole public API."""

__version__ = "0.1.0"
