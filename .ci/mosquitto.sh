#!/usr/bin/env bash
# Start a Mosquitto for the device tests on an external broker (tests/api/devices/helpers/broker.ts): logins from a
# password file, each device on its own topics by the ACL's patterns (%u: the user name, which is the S/N), the
# portal's user on all of them. The tests add their devices to the password file and have it read again (SIGHUP).
# Settings from the environment, the same the tests read: MQTT_TEST_DIR, MQTT_TEST_PORT, MQTT_TEST_USERNAME,
# MQTT_TEST_PASSWORD.
set -euo pipefail
dir=${MQTT_TEST_DIR:-/tmp/ess-mosquitto}
port=${MQTT_TEST_PORT:-1884}
portal_user=${MQTT_TEST_USERNAME:-portal}
portal_password=${MQTT_TEST_PASSWORD:-portal-ci}
if [ ! -x /usr/sbin/mosquitto ]; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends mosquitto >/dev/null
fi
# Started afresh: an earlier one (a second run on the same machine) is stopped first.
earlier=$(cat "$dir/mosquitto.pid" 2>/dev/null || true)
if [ -n "$earlier" ] && kill "$earlier" 2>/dev/null; then
  for _ in $(seq 1 50); do kill -0 "$earlier" 2>/dev/null || break; sleep 0.1; done
fi
rm -rf "$dir"
mkdir -p "$dir"
touch "$dir/passwd"
chmod 600 "$dir/passwd"
mosquitto_passwd -b "$dir/passwd" "$portal_user" "$portal_password"
cat > "$dir/acl" <<ACL
user $portal_user
topic readwrite ess/#

pattern write ess/%u/up/#
pattern write ess/%u/state
pattern read ess/%u/down/#
ACL
# message_size_limit: the portal's MAX_MESSAGE_BYTES (512 KiB) of payload; a bigger message is dropped.
# user: whoever runs this (as root Mosquitto would turn into the user 'mosquitto', who cannot read this folder).
cat > "$dir/mosquitto.conf" <<CONF
listener $port 127.0.0.1
allow_anonymous false
password_file $dir/passwd
acl_file $dir/acl
pid_file $dir/mosquitto.pid
persistence false
message_size_limit 524288
user $(id -un)
log_dest file $dir/mosquitto.log
CONF
/usr/sbin/mosquitto -c "$dir/mosquitto.conf" -d
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then exit 0; fi
  sleep 0.1
done
echo "Mosquitto did not start listening on 127.0.0.1:$port" >&2
cat "$dir/mosquitto.log" >&2 || true
exit 1
