vcl 4.1;
# docker-compose.yml's `cdn` profile: Varnish's default.vcl in the image, pointing at the nginx
# service, then the shipped rules (docker/varnish.vcl; the deployment suite writes its own backend).
backend default {
  .host = "proxy";
  .port = "80";
}

include "/etc/varnish/northbeam.vcl";
