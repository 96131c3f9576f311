// The fronts of docker-compose.yml as foreground processes on this machine, for the deployment suite
// (scripts/test-deploy.mjs) and the bench's CDN line (bench/cdn.mjs): Debian's nginx with the shipped
// docker/nginx.conf and docker/nginx-upstream.conf, and Debian's varnishd with docker/varnish.vcl.
// Each runs in a folder of the caller's (`dir`: config, temp folders, pid, logs); the caller waits for
// it to answer and stops it (`stopProcess`).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const varnishBin = process.env.VARNISHD_BIN ?? '/usr/sbin/varnishd';

/**
 * nginx on 127.0.0.1:`port` with the shipped server file (`serverFile`, docker/nginx.conf by default;
 * only its `listen 80;` line changed) and the shipped upstream file with its one Docker-DNS server
 * line as one line per port of `upstreamPorts` (same parameters: max_fails, fail_timeout), without
 * Docker's resolver, and the shared cache's fixed compose address in its `geo` as `cacheAddress`
 * (127.0.0.1: Varnish on this machine connects to nginx from there). Returns the child; its error
 * log is `<dir>/error.log`.
 */
export function startNginx({
  dir,
  port,
  upstreamPorts,
  serverFile = path.join(root, 'docker/nginx.conf'),
  cacheAddress = '127.0.0.1',
}) {
  const shipped = readFileSync(serverFile, 'utf8');
  const listenLines = shipped.match(/^\s*listen 80;\s*$/gm) ?? [];
  if (listenLines.length !== 1) throw new Error(`${serverFile} must have exactly one "listen 80;" line`);
  writeFileSync(path.join(dir, 'server.conf'), shipped.replace(/^(\s*)listen 80;\s*$/m, `$1listen 127.0.0.1:${port};`));
  const upstreamFile = path.join(root, 'docker/nginx-upstream.conf');
  const shippedUpstream = readFileSync(upstreamFile, 'utf8');
  const serverLine = shippedUpstream.match(/^(\s*)server app:3000 resolve( [^;]*)?;\s*$/m);
  if (!serverLine) throw new Error(`${upstreamFile} must have one "server app:3000 resolve …;" line`);
  writeFileSync(
    path.join(dir, 'northbeam-upstream.conf'),
    shippedUpstream
      .replace(/^\s*resolver .*$/m, '')
      .replace(/^(\s*)[0-9.]+(\/[0-9]+)? 1;\s*$/gm, `$1${cacheAddress} 1;`)
      .replace(
        serverLine[0],
        upstreamPorts
          .map((upstream) => `${serverLine[1]}server 127.0.0.1:${upstream}${serverLine[2] ?? ''};`)
          .join('\n'),
      ),
  );
  for (const folder of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, folder), { recursive: true });
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      // Relative includes resolve against this file's folder: northbeam-upstream.conf above.
      `  include ${dir}/server.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return spawn(nginxBin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * varnishd on 127.0.0.1:`port` with the shipped docker/varnish.vcl in front of 127.0.0.1:`backendPort`
 * (64 MiB), through the shipped docker/varnish-backend.vcl with its addresses made local: the backend,
 * and the entries of `acl purgers` as `purgers` (where this machine's app instances connect from).
 * With `proxyPort`, a second listener that takes the PROXY protocol (as behind a load balancer that
 * speaks it): a test names there the client address Varnish sees.
 */
export function startVarnish({ dir, port, backendPort, purgers = ['127.0.0.1'], proxyPort }) {
  const shipped = readFileSync(path.join(root, 'docker/varnish-backend.vcl'), 'utf8');
  const backend = /\.host = "proxy";\s*\.port = "80";/;
  const include = /^include "\/etc\/varnish\/northbeam\.vcl";$/m;
  if (!backend.test(shipped) || !include.test(shipped))
    throw new Error('docker/varnish-backend.vcl must name the backend proxy:80 and include /etc/varnish/northbeam.vcl');
  writeFileSync(
    path.join(dir, 'varnish.vcl'),
    shipped
      .replace(backend, `.host = "127.0.0.1";\n  .port = "${backendPort}";`)
      .replace(/(acl purgers \{)[^}]*\}/, `$1\n${purgers.map((address) => `  "${address}";`).join('\n')}\n}`)
      .replace(include, `include "${path.join(root, 'docker/varnish.vcl')}";`),
  );
  mkdirSync(path.join(dir, 'varnish'), { recursive: true });
  const listeners = ['-a', `127.0.0.1:${port}`].concat(proxyPort ? ['-a', `127.0.0.1:${proxyPort},PROXY`] : []);
  return spawn(
    varnishBin,
    ['-F', '-n', path.join(dir, 'varnish'), ...listeners, '-f', path.join(dir, 'varnish.vcl')].concat([
      '-s',
      'malloc,64m',
      '-T',
      'none',
    ]),
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
}

/** Stops a child started here: `signal`, then SIGKILL after `graceMs`. */
export async function stopProcess(child, signal = 'SIGTERM', graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
