"""Client of the webhook-relay REST API (standard library only): ``RelayClient`` and ``verify``."""

from ._client import RelayClient
from ._errors import RelayApiError, RelayClientError, RelayConnectionError, WebhookVerificationError
from ._redact import redact
from ._retry import RetryPolicy
from ._types import *  # noqa: F403
from ._verify import verify
from ._version import USER_AGENT, VERSION

__all__ = [
    "USER_AGENT",
    "VERSION",
    "RelayApiError",
    "RelayClient",
    "RelayClientError",
    "RelayConnectionError",
    "RetryPolicy",
    "WebhookVerificationError",
    "redact",
    "verify",
]
