#!/usr/bin/env bash
# The translator benchmark's peers come from Debian: apertium-apy (the peer it is compared with), the
# eng-spa pair and tcmalloc for the service's chains (which the service's own `npm start` / `npm test`
# install too), and wrk, the load generator. Installs only what is missing.
set -euo pipefail
# shellcheck source=../../infra/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../infra/local/lib.sh"
apt_install_missing apertium apertium-eng-spa apertium-apy libtcmalloc-minimal4 wrk
