"""This library's version, sent in the user agent."""

VERSION = "0.1.0"
USER_AGENT = f"webhook-relay-client-python/{VERSION}"
