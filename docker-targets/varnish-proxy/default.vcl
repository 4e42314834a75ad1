# Varnish 7.1 as the intermediary under test of h2scope's intermediary suite: a cleartext front that speaks h2c by
# prior knowledge (varnishd -p feature=+http2, in proxy.properties) forwarding to h2scope's HTTP/1.1 origin. Debian's
# default.vcl with the backend pointed at the origin: Varnish's built-in VCL decides the rest (a GET or HEAD is looked
# up in the cache and fetched on a miss; other methods, and requests with Cookie or Authorization, pass). Each case's
# marker makes its path unique, so no case is answered from another's cache entry. A template: IntermediaryTarget
# fills @ORIGIN_PORT@ (the origin h2scope listens on); the front port is on the command line.
vcl 4.1;

backend default {
    .host = "127.0.0.1";
    .port = "@ORIGIN_PORT@";
    # the usual reverse-proxy setting: a 10 s wait for the origin (the defaults are 60 s)
    .first_byte_timeout = 10s;
    .between_bytes_timeout = 10s;
}
