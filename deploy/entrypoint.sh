#!/bin/sh
# salesgym nginx entrypoint (the image's ENTRYPOINT; the nginx e2e test runs this same script).
# Renders the templates of $SALESGYM_TEMPLATES (nginx.conf, security-headers.conf) into $SALESGYM_RUN_DIR,
# checks the result with `nginx -t`, then execs nginx in the foreground (`daemon off`).
#   entrypoint.sh           render, test, exec nginx
#   entrypoint.sh render    render and test only (prints the rendered nginx.conf path)
#
# Environment (default = the image's value):
#   SALESGYM_PLATFORM        all | hubspot | salesnav | outreach | calendly (default all). MUST equal the
#                            platform the bundle was built for (the image sets it from its build argument):
#                            decides which /state/<run_id>/<gym>.json this origin may PUT.
#   SALESGYM_LISTEN          port or addr:port (8080)                       → @LISTEN@
#   SALESGYM_ROOT            the static bundle (/usr/share/nginx/html)       → @ROOT@
#   SALESGYM_STATE_ROOT      state store root; files in <it>/state/ (/var/lib/salesgym) → @STATE_ROOT@
#   SALESGYM_STATE_MAX_BODY  largest export accepted, nginx size (20m)       → @STATE_MAX_BODY@
#   SALESGYM_STATE_ORIGIN    another origin the page may fetch the store from (CSP connect-src), or empty
#   SALESGYM_RUN_DIR         rendered config, pid, temp files (/tmp/salesgym-nginx) → @RUN_DIR@
#   SALESGYM_TEMPLATES       template folder (/etc/salesgym/nginx)
#   SALESGYM_ACCESS_LOG      access_log argument (/dev/stdout; `off` disables it) → @ACCESS_LOG@
#   SALESGYM_NGINX           nginx binary (nginx)
set -eu

die() { echo "salesgym-nginx: $*" >&2; exit 64; }

PLATFORM=${SALESGYM_PLATFORM:-all}
LISTEN=${SALESGYM_LISTEN:-8080}
ROOT=${SALESGYM_ROOT:-/usr/share/nginx/html}
STATE_ROOT=${SALESGYM_STATE_ROOT:-/var/lib/salesgym}
STATE_MAX_BODY=${SALESGYM_STATE_MAX_BODY:-20m}
STATE_ORIGIN=${SALESGYM_STATE_ORIGIN:-}
RUN_DIR=${SALESGYM_RUN_DIR:-/tmp/salesgym-nginx}
TEMPLATES=${SALESGYM_TEMPLATES:-/etc/salesgym/nginx}
ACCESS_LOG=${SALESGYM_ACCESS_LOG:-/dev/stdout}
NGINX=${SALESGYM_NGINX:-nginx}

GYMS='hubspot|salesnav|outreach|calendly'
case $PLATFORM in
	all) PUT_GYMS=$GYMS ;;
	hubspot | salesnav | outreach | calendly) PUT_GYMS=$PLATFORM ;;
	*) die "SALESGYM_PLATFORM=$PLATFORM: use all, hubspot, salesnav, outreach or calendly" ;;
esac
printf '%s' "$LISTEN" | grep -Eq '^([0-9.]+:)?[0-9]{1,5}$' || die "SALESGYM_LISTEN=$LISTEN: use a port or ipv4:port"
printf '%s' "$STATE_MAX_BODY" | grep -Eq '^[0-9]+[kKmM]?$' || die "SALESGYM_STATE_MAX_BODY=$STATE_MAX_BODY: use an nginx size such as 20m"
CONNECT_EXTRA=
if [ -n "$STATE_ORIGIN" ]; then
	printf '%s' "$STATE_ORIGIN" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$' || die "SALESGYM_STATE_ORIGIN=$STATE_ORIGIN: use an origin such as http://127.0.0.1:8090"
	CONNECT_EXTRA=" $STATE_ORIGIN"
fi
for value in "$ROOT" "$STATE_ROOT" "$RUN_DIR" "$ACCESS_LOG"; do
	printf '%s' "$value" | grep -Eq '^[A-Za-z0-9_./-]+$' || die "path \"$value\" may hold only letters, digits and _ . / -"
done
[ -f "$ROOT/index.html" ] || die "$ROOT/index.html is missing: SALESGYM_ROOT must be the built bundle (npm run build → build/)"
[ -f "$TEMPLATES/nginx.conf" ] || die "$TEMPLATES/nginx.conf is missing (SALESGYM_TEMPLATES)"

mkdir -p "$RUN_DIR" "$STATE_ROOT/state"
# nginx started as root runs its workers as `nobody`, and the workers write the PUT files: the store must be
# theirs (stack-notes "WebDAV" pitfall). In the image nginx runs as `nginx`, which owns the folder already.
if [ "$(id -u)" = 0 ]; then chown nobody "$STATE_ROOT/state"; fi

for template in "$TEMPLATES"/*.conf; do
	sed -e "s,@LISTEN@,$LISTEN,g" \
		-e "s,@ROOT@,$ROOT,g" \
		-e "s,@STATE_ROOT@,$STATE_ROOT,g" \
		-e "s,@STATE_MAX_BODY@,$STATE_MAX_BODY,g" \
		-e "s,@RUN_DIR@,$RUN_DIR,g" \
		-e "s,@ACCESS_LOG@,$ACCESS_LOG,g" \
		-e "s,@PUT_GYMS@,$PUT_GYMS,g" \
		-e "s,@PLATFORM@,$PLATFORM,g" \
		-e "s,@CONNECT_EXTRA@,$CONNECT_EXTRA,g" \
		"$template" > "$RUN_DIR/$(basename "$template")"
done
if grep -n '^[^#]*@[A-Z_]*@' "$RUN_DIR"/*.conf; then die "placeholders left unreplaced (above)"; fi

"$NGINX" -q -t -e stderr -c "$RUN_DIR/nginx.conf" -p "$RUN_DIR/"
if [ "${1:-}" = render ]; then
	echo "$RUN_DIR/nginx.conf"
	exit 0
fi
exec "$NGINX" -e stderr -c "$RUN_DIR/nginx.conf" -p "$RUN_DIR/" -g 'daemon off;'
