#!/bin/sh
# Headless Chromium as h2scope's client suite drives it: PAGE (h2scope-chromium-page.html) fetches every URL at once
# and writes one "h2scope-outcome" line per request into its DOM, which --dump-dom prints once the fetches are done
# (--virtual-time-budget waits for them). Chromium on Linux trusts the CAs in ~/.pki/nssdb, so the CA goes into an
# NSS database in a throwaway HOME: the server need not send it in its chain. Exit status 1 when a request failed, 3
# when the page printed no outcome (Chromium did not run it).
# usage: sh h2scope-chromium-client.sh PAGE CA URL...
page=$1
ca=$2
shift 2
home=$(mktemp -d) || exit 3
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.pki/nssdb" "$home/profile"
certutil -d "sql:$home/.pki/nssdb" -N --empty-password || exit 3
certutil -d "sql:$home/.pki/nssdb" -A -t C,, -n h2scope-ca -i "$ca" || exit 3
fragment=""
for url in "$@"; do
  fragment="$fragment${fragment:+,}$(printf '%s' "$url" | sed 's/%/%25/g; s/,/%2C/g; s/#/%23/g')"
done
dom=$(HOME="$home" chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$home/profile" \
  --virtual-time-budget=600000 --dump-dom "file://$page#$fragment" 2>"$home/stderr")
printf '%s\n' "$dom" | grep '^h2scope-outcome '
if ! printf '%s\n' "$dom" | grep -q '^h2scope-outcome '; then
  tail -n 5 "$home/stderr"
  exit 3
fi
if printf '%s\n' "$dom" | grep '^h2scope-outcome ' | grep -qv '^h2scope-outcome 0 '; then
  exit 1
fi
exit 0
