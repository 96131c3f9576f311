vcl 4.1;
# Varnish in front of nginx (docker-compose.yml's `cdn` profile): keeps what the site marks for a
# shared cache (Cache-Control s-maxage, Surrogate-Key; see backend/src/core/http/cdn-cache.ts) and
# drops it when the site sends `PURGE` with the keys of what changed (a ban by Surrogate-Key) (CDN_PURGE_URL). Staff never get, nor fill,
# a cached answer: a request carrying the session cookie goes straight through, and the site sends no
# s-maxage to staff nor with a cookie. The backend is set by the file that includes this one
# (docker/varnish-backend.vcl in compose; the deployment suite writes its own).
import std;

# `acl purgers` (who may send PURGE) is the including file's, as the backend is: the application
# replicas and nothing else (docker/varnish-backend.vcl: the compose network's range that only the
# replicas take addresses from). Never a private range as a whole: behind a load balancer or Docker's
# port proxy every visitor arrives from a private address, and `Surrogate-Key: site` empties the cache.

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.Surrogate-Key) {
      return (synth(400, "Bad Request"));
    }
    # Every object whose Surrogate-Key holds one of the given keys (space-separated words of a-z,
    # 0-9 and hyphens, e.g. `post-<id> section-labs`), as whole words: `post-1` never bans `post-12`.
    set req.http.X-Ban-Keys = regsuball(regsuball(req.http.Surrogate-Key, "[^a-z0-9 -]", ""), "^ +| +$", "");
    if (req.http.X-Ban-Keys == "") {
      return (synth(400, "Bad Request"));
    }
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.X-Ban-Keys, " +", "|") + ")(\s|$)");
    return (synth(200, "Banned"));
  }
  # A body sent in chunks goes to nginx as it came (pipe, on a connection of its own that closes
  # after the answer): Varnish's own reader takes no chunk trailers and fails such a request with a
  # 503, while nginx reads it whole and passes it on. Such requests are never cached anyway. The
  # X-Forwarded-For that nginx passes on is Varnish's, with this visitor appended.
  if (req.http.Transfer-Encoding) {
    return (pipe);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The session cookie (`__Host-nb.sid` in production, `nb.sid` elsewhere) in any spelling: staff.
  if (req.http.Cookie ~ "nb\.sid") {
    return (pass);
  }
  if (req.url ~ "^/(admin|api/admin)(/|$|\?)") {
    return (pass);
  }
  # Other cookies (consent choice, analytics) change nothing the site renders for a visitor.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_response {
  # Never store an answer that sets a cookie, nor one the site did not mark for a shared cache.
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "s-maxage") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # Varnish reads s-maxage itself; stale-while-revalidate becomes its grace.
  if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=([0-9]+).*", "\1") + "s", 0s);
  }
  return (deliver);
}

sub vcl_deliver {
  if (obj.uncacheable) {
    set resp.http.X-Varnish-Cache = "PASS";
  } else if (obj.hits > 0) {
    set resp.http.X-Varnish-Cache = "HIT";
  } else {
    set resp.http.X-Varnish-Cache = "MISS";
  }
  # Browsers keep the site's own max-age; s-maxage and the keys are for this cache only.
  if (resp.http.Cache-Control) {
    set resp.http.Cache-Control = regsuball(resp.http.Cache-Control, ",\s*(s-maxage|stale-while-revalidate)=[0-9]+", "");
  }
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
}

# Varnish's own answers in the site's error contract (JSON, the sentences of common/src/limits.ts)
# instead of its HTML pages: nginx unreachable, and the PURGE refusals.
sub vcl_backend_error {
  set beresp.http.Content-Type = "application/json";
  set beresp.http.Cache-Control = "no-store";
  set beresp.http.Retry-After = "5";
  set beresp.status = 503;
  synthetic({"{"statusCode":503,"error":"The service is temporarily unavailable, please try again shortly" }"});
  return (deliver);
}

sub vcl_synth {
  set resp.http.Content-Type = "application/json";
  set resp.http.Cache-Control = "no-store";
  if (resp.status == 403) {
    synthetic({"{"statusCode":403,"error":"You do not have permission to do that" }"});
  } else if (resp.status == 400) {
    synthetic({"{"statusCode":400,"error":"A purge names the keys to drop in Surrogate-Key" }"});
  } else {
    synthetic({"{"statusCode":200,"message":"Banned" }"});
  }
  return (deliver);
}
