vcl 4.1;
# docker-compose.yml's `cdn` profile: Varnish's default.vcl in the image, pointing at the nginx
# service, naming who may purge, then the shipped rules (docker/varnish.vcl; the deployment suite
# rewrites this file with its own addresses, as it does nginx's upstream file).
backend default {
  .host = "proxy";
  .port = "80";
}

# Who may send PURGE: the application replicas only (CDN_PURGE_URL=http://cdn/). In compose they are
# the only services that take their addresses from the network's ip_range (docker-compose.yml; every
# other service has a fixed address below it), so the range holds every replica, however many are
# started, and nothing else: not the gateway that Docker's port proxy connects visitors from, nor
# nginx. Elsewhere, list the replicas' addresses (or their subnet, if they have one to themselves).
acl purgers {
  "172.30.48.128"/25;
}

include "/etc/varnish/northbeam.vcl";
