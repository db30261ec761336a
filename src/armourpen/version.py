"""The package's version, apart so that any module can read it without importing the API."""

__version__ = "0.1.0"
