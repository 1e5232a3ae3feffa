#!/bin/sh
# One-shot job of docker-compose.yml (busybox image, as root): /data/logs is a bind mount of the host's logs
# folder (SMI_LOG_DIR, default ./logs). When Docker had to create that folder it belongs to root, and the
# smi-bench containers, which run as SMI_UID:SMI_GID, could not write their run directories there: hand
# such a folder to that user. A folder that belongs to anyone else is left alone.
set -eu
dir=/data/logs
uid="${SMI_UID:-1000}"
gid="${SMI_GID:-1000}"
mkdir -p "$dir"
if [ "$(stat -c %u "$dir")" = 0 ] && [ "$uid" != 0 ]; then
  echo "$dir belongs to root: giving it to $uid:$gid"
  chown "$uid:$gid" "$dir" || echo "warning: could not chown $dir; run directories may not be writable" >&2
fi
