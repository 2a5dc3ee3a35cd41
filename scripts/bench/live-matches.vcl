vcl 4.1;
# The HTTP cache of `npm run bench:live` (scripts/bench/live-matches.mjs), standing in for
# Netlify's CDN in front of `npm run serve`: it caches only what Netlify-CDN-Cache-Control allows
# (s-maxage → TTL, stale-while-revalidate → grace: stale answers while one background fetch
# revalidates with the stored ETag), ignores cookies for caching as Netlify does, answers
# If-None-Match itself with 304, and strips the CDN header before the browser.
# ORIGIN_PORT is replaced by the benchmark.
import std;

backend origin {
  .host = "127.0.0.1";
  .port = "ORIGIN_PORT";
}

sub vcl_recv {
  if (req.url == "/__bench/floor") {
    # The benchmark's floor: an answer the cache makes without the origin.
    return (synth(200, "OK"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  return (hash);
}

sub vcl_backend_response {
  if (!beresp.http.Netlify-CDN-Cache-Control
      || beresp.http.Netlify-CDN-Cache-Control ~ "(?i)(private|no-store|no-cache)"
      || beresp.http.Netlify-CDN-Cache-Control !~ "(?i)s-maxage=[0-9]+"
      || beresp.http.Set-Cookie) {
    # Not for the CDN: every request goes to the origin (a hit-for-miss marker, no waiting list).
    set beresp.ttl = 10s;
    set beresp.uncacheable = true;
    return (deliver);
  }
  set beresp.ttl = std.duration(regsub(beresp.http.Netlify-CDN-Cache-Control, "(?i)^.*s-maxage=([0-9]+).*$", "\1s"), 0s);
  if (beresp.http.Netlify-CDN-Cache-Control ~ "(?i)stale-while-revalidate=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Netlify-CDN-Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
  } else {
    set beresp.grace = 0s;
  }
  # Kept past grace so the next fetch revalidates with If-None-Match (a 304 from the origin).
  set beresp.keep = 1h;
  if (beresp.http.Content-Type ~ "^application/json") {
    set beresp.do_gzip = true;
  }
  return (deliver);
}

sub vcl_synth {
  if (req.url == "/__bench/floor") {
    set resp.http.Content-Type = "application/json";
    set resp.body = "{}";
    return (deliver);
  }
}

sub vcl_deliver {
  unset resp.http.Netlify-CDN-Cache-Control;
  unset resp.http.Via;
  unset resp.http.X-Varnish;
  if (obj.uncacheable) {
    set resp.http.Cache-Status = "varnish; fwd=uri-miss";
  } else if (obj.hits > 0) {
    set resp.http.Cache-Status = "varnish; hit";
  } else {
    set resp.http.Cache-Status = "varnish; fwd=miss";
  }
}
