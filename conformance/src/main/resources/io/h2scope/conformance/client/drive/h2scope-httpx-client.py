# Python's httpx (with h2) as h2scope's client suite drives it: every URL requested at once on one HTTP/2
# connection, one "h2scope-outcome CODE STATUS OCTETS URL [MESSAGE]" line per request, exit status 1 when any failed.
# usage: python3 h2scope-httpx-client.py [--ca FILE] [--body FILE] URL...
import asyncio
import sys

import httpx


async def fetch(client, url, body):
    try:
        if body is None:
            response = await client.get(url)
        else:
            with open(body, "rb") as f:
                response = await client.post(url, content=f.read())
        print("h2scope-outcome 0 %d %d %s" % (response.status_code, len(response.content), url), flush=True)
        return True
    except Exception as e:  # what the client reports to its caller is the evidence
        message = " ".join(str(e).split())
        print("h2scope-outcome %s 0 0 %s %s" % (type(e).__name__, url, message), flush=True)
        return False


async def main(argv):
    ca, body, urls = True, None, []
    i = 0
    while i < len(argv):
        if argv[i] == "--ca":
            ca, i = argv[i + 1], i + 2
        elif argv[i] == "--body":
            body, i = argv[i + 1], i + 2
        else:
            urls.append(argv[i])
            i += 1
    if not urls:
        print("usage: python3 h2scope-httpx-client.py [--ca FILE] [--body FILE] URL...", file=sys.stderr)
        return 2
    # http1=False: prior knowledge on http:// URLs, ALPN h2 only on https://
    async with httpx.AsyncClient(http1=False, http2=True, verify=ca, timeout=None) as client:
        results = await asyncio.gather(*(fetch(client, u, body) for u in urls))
    return 0 if all(results) else 1


sys.exit(asyncio.run(main(sys.argv[1:])))
