#!/usr/bin/env bash
# Runs the README's two commands on a fresh Debian 12, the way a new user meets them: a minimal
# Debian 12 root made with debootstrap (--variant=minbase, plus git, sudo and ca-certificates), the
# committed HEAD of this checkout cloned into it with ../shared copied beside it, and a user with
# sudo rights (or root, --as-root) who runs, each exactly as README.md has it:
#   1. the start command (<!-- start-command -->): installs, builds and starts the explorer. It runs
#      under QT_QPA_PLATFORM=offscreen and passes when the explorer is still running --app-seconds
#      after it started; the check then stops it.
#   2. the test command (<!-- test-command -->, the one .ci/run runs).
# It prints each command's result and time, and exits non-zero when one failed.
#
#   sudo bash packaging/fresh-debian-check.sh [--keep DIR] [--as-root] [--skip-start]
#                                             [--app-seconds N] [--mirror URL] [--shared DIR]
#
#   --keep DIR        make the root in DIR and keep it afterwards; a root kept there by an earlier run
#                     is re-used (no debootstrap; the packages it installed stay, so install-deps.sh
#                     then has nothing to install; the checkout is cloned afresh)
#   --as-root         run the commands as root (as CI does) instead of a user with sudo
#   --skip-start      run only the test command (e.g. again in a kept root)
#   --app-seconds N   how long the explorer must keep running (default 5)
#   --mirror URL      Debian mirror for debootstrap (default http://deb.debian.org/debian)
#   --shared DIR      the folder copied to ../shared beside the clone (default: ../shared beside
#                     this checkout; the tests read their fixtures there)
#
# Needs root (debootstrap, chroot, mounts) and the Debian mirror; installs debootstrap with apt-get
# when it is missing (a developer tool for this check only, so install-deps.sh leaves it out). It is
# slow (every package downloaded, everything built without ccache; see docs/reliability.md), which
# is why CI does not run it. Everything it mounts lives in a private mount namespace and every process
# it starts in a private PID namespace (unshare), so no mount or process outlives it, even when it is
# killed; the root (in /var/tmp) is deleted at the end unless --keep is given.
set -euo pipefail

script=$(readlink -f "$0")

# ------------------------------------------------------------------------------------------------
# Inside the private mount and PID namespaces: make the root, mount, clone, run the two commands.
if [ "${1:-}" = --inside ]; then
  root=$FRESH_ROOT
  user=$FRESH_USER
  mounted=()
  unmount_all() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
      umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null || true
    done
  }
  trap unmount_all EXIT
  mount_in_root() { # TYPE-OR-BIND SOURCE TARGET [OPTIONS]
    local target=$root$3
    mkdir -p "$target"
    if [ "$1" = bind ]; then mount --bind "$2" "$target"; else mount -t "$1" -o "${4:-defaults}" "$2" "$target"; fi
    mounted+=("$target")
  }
  say() { echo "== fresh-debian-check: $*"; }
  duration() { printf '%dm %02ds' $(($1 / 60)) $(($1 % 60)); }

  if [ ! -e "$root/.opscope-fresh-root" ]; then
    say "debootstrap --variant=minbase --include=git,sudo,ca-certificates bookworm $root $FRESH_MIRROR"
    started=$SECONDS
    debootstrap --variant=minbase --include=git,sudo,ca-certificates bookworm "$root" "$FRESH_MIRROR" \
      >"$root.debootstrap.log" 2>&1 || { tail -n 30 "$root.debootstrap.log"; say "debootstrap failed"; exit 1; }
    rm -f "$root.debootstrap.log"
    touch "$root/.opscope-fresh-root"
    say "root made in $(duration $((SECONDS - started))): Debian $(cat "$root/etc/debian_version"), $(du -sh "$root" | cut -f1)"
  else
    say "re-using the root kept in $root (Debian $(cat "$root/etc/debian_version"); the packages of earlier runs stay installed)"
  fi

  mount_in_root proc proc /proc
  mount_in_root sysfs sysfs /sys ro
  mount_in_root bind /dev /dev
  mount_in_root bind /dev/pts /dev/pts
  mount_in_root tmpfs shm /dev/shm mode=1777
  # The network is the host's, set up as a fresh machine of this kind has it, so that the check tests the
  # project and not the root: its name servers; /etc/hosts as Debian's installer writes it (localhost on
  # both address families, then the host name: else sudo says "unable to resolve host" and torchrun's
  # rendezvous cannot resolve localhost); the certificate authorities it trusts (a TLS-inspecting proxy's
  # among them) and the package clients' settings (apt, npm, pip) that point at them.
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  grep -qw localhost "$root/etc/hosts" 2>/dev/null ||
    printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\nff02::1\t\tip6-allnodes\nff02::2\t\tip6-allrouters\n' \
      >>"$root/etc/hosts"
  grep -qw "$(hostname)" "$root/etc/hosts" 2>/dev/null || printf '127.0.1.1\t%s\n' "$(hostname)" >>"$root/etc/hosts"
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null
  fi
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list \
    /etc/apt/apt.conf.d/*proxy* /etc/apt/apt.conf.d/99* /etc/npmrc /etc/pip.conf; do
    [ -f "$f" ] || continue
    mkdir -p "$root$(dirname "$f")"
    cp "$f" "$root$f"
  done
  # A fresh machine's login environment names the same trust store for the clients that read a variable.
  network_env=()
  for v in SSL_CERT_FILE SSL_CERT_DIR CURL_CA_BUNDLE REQUESTS_CA_BUNDLE PIP_CERT NODE_EXTRA_CA_CERTS GIT_SSL_CAINFO \
    http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    [ -z "${!v:-}" ] || network_env+=("$v=${!v}")
  done
  # Packages installed in a chroot must not start their services (openssh-server would start sshd on the
  # host's port 22): the usual policy-rc.d of build chroots.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"

  if [ "$user" = root ]; then
    home=/root
  else
    chroot "$root" id -u "$user" >/dev/null 2>&1 || chroot "$root" useradd --create-home --shell /bin/bash "$user"
    echo "$user ALL=(ALL) NOPASSWD:ALL" >"$root/etc/sudoers.d/$user"
    chmod 440 "$root/etc/sudoers.d/$user"
    home=/home/$user
  fi
  uid=$(chroot "$root" id -u "$user")
  gid=$(chroot "$root" id -g "$user")
  checkout=$home/opscope
  rm -rf --one-file-system "${root:?}$checkout" "${root:?}$home/shared"
  git clone --quiet --no-checkout "file://$FRESH_REPO" "$root$checkout"
  git -C "$root$checkout" checkout --quiet --detach "$FRESH_COMMIT"
  cp -r --preserve=mode,timestamps "$FRESH_SHARED" "$root$home/shared"
  chown -R "$uid:$gid" "$root$checkout" "$root$home/shared"
  say "cloned $FRESH_COMMIT to $checkout, with $FRESH_SHARED copied to $home/shared ($(du -sh "$root$home/shared" | cut -f1))"

  # The environment of a fresh login: nothing of this machine's but the terminal type and the network
  # variables above (no LANG: minbase has no locales, so the C locale).
  in_root() { # [NAME=VALUE...] -- COMMAND-STRING: runs COMMAND-STRING with bash in the checkout, as the user
    local vars=()
    while [ "$1" != -- ]; do vars+=("$1"); shift; done
    shift
    chroot --userspec="$uid:$gid" "$root" /usr/bin/env -i HOME="$home" USER="$user" LOGNAME="$user" \
      SHELL=/bin/bash PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TERM="${TERM:-dumb}" \
      "${network_env[@]}" "${vars[@]}" /bin/bash -c 'cd "$0" && exec /bin/bash -c "$1"' "$checkout" "$1"
  }
  readme_command() { # the ```sh block after <!-- MARKER --> in the clone's README.md, as .ci/run reads it
    awk -v marker="<!-- $1 -->" '$0 == marker {found=1; next}
      found && /^```/ {if (inblock) exit; inblock=1; next}
      inblock {print}' "$root$checkout/README.md"
  }
  # Processes (of this PID namespace) running the built explorer.
  app_pids() {
    local exe=$root$checkout/build/app/opscope link p
    for p in /proc/[0-9]*; do
      link=$(readlink "$p/exe" 2>/dev/null) || continue
      [ "$link" = "$exe" ] && echo "${p#/proc/}"
    done
    return 0
  }

  results=()
  failed=0
  start_command=$(readme_command start-command)
  test_command=$(readme_command test-command)
  [ -n "$start_command" ] || { say "README.md has no <!-- start-command --> block"; exit 1; }
  [ -n "$test_command" ] || { say "README.md has no <!-- test-command --> block"; exit 1; }

  # 1: passes when the explorer it starts is still running after FRESH_APP_SECONDS (then stopped).
  run_start_command() {
    say "1. start command, as $user, QT_QPA_PLATFORM=offscreen:"
    echo "+ $start_command"
    local started=$SECONDS command_pid app app_seen_at=-1 app_stopped=0 status=0 elapsed
    in_root QT_QPA_PLATFORM=offscreen -- "$start_command" &
    command_pid=$!
    while kill -0 "$command_pid" 2>/dev/null; do
      app=$(app_pids)
      app=${app%%$'\n'*}
      if [ -n "$app" ] && [ "$app_seen_at" -lt 0 ]; then
        app_seen_at=$SECONDS
        say "the explorer started (pid $app) after $(duration $((SECONDS - started)))"
      fi
      if [ -n "$app" ] && [ $((SECONDS - app_seen_at)) -ge "$FRESH_APP_SECONDS" ]; then
        say "the explorer is still running after $FRESH_APP_SECONDS s: stopping it"
        app_stopped=1
        kill -TERM "$app" 2>/dev/null || true
        break
      fi
      sleep 1
    done
    wait "$command_pid" || status=$?
    elapsed=$((SECONDS - started))
    if [ "$app_stopped" -eq 1 ]; then
      results+=("1. start command: PASSED in $(duration "$elapsed") (installed, built, and the explorer was still running after $FRESH_APP_SECONDS s)")
    elif [ "$app_seen_at" -ge 0 ]; then
      results+=("1. start command: FAILED in $(duration "$elapsed") (the explorer exited by itself after $((SECONDS - app_seen_at)) s, status $status)")
      failed=1
    else
      results+=("1. start command: FAILED in $(duration "$elapsed") (exit status $status before the explorer started)")
      failed=1
    fi
    say "${results[-1]}"
  }
  if [ "$FRESH_SKIP_START" = 1 ]; then
    results+=("1. start command: skipped (--skip-start)")
  else
    run_start_command
  fi

  say "2. test command, as $user:"
  echo "+ $test_command"
  started=$SECONDS
  status=0
  in_root -- "$test_command" || status=$?
  elapsed=$((SECONDS - started))
  if [ "$status" -eq 0 ]; then
    results+=("2. test command: PASSED in $(duration "$elapsed")")
  else
    results+=("2. test command: FAILED in $(duration "$elapsed") (exit status $status)")
    failed=1
  fi
  say "${results[-1]}"

  say "summary: commit $FRESH_COMMIT on Debian $(cat "$root/etc/debian_version") (debootstrap minbase), as $user; root $(du -sh --one-file-system "$root" 2>/dev/null | cut -f1)"
  printf '   %s\n' "${results[@]}"
  exit "$failed"
fi

# ------------------------------------------------------------------------------------------------
# On this machine: options, debootstrap, the namespaces, and the clean-up.
usage() { sed -n '2,/^set -euo/p' "$script" | sed '$d; s/^# \{0,1\}//'; }
keep=""
user=opscope
skip_start=0
app_seconds=5
mirror=http://deb.debian.org/debian
repo=$(git -C "$(dirname "$script")" rev-parse --show-toplevel)
shared=$(cd "$repo/.." && pwd)/shared
while [ $# -gt 0 ]; do
  case "$1" in
  --keep) keep=${2:?--keep needs a folder}; shift 2 ;;
  --as-root) user=root; shift ;;
  --skip-start) skip_start=1; shift ;;
  --app-seconds) app_seconds=${2:?--app-seconds needs a number}; shift 2 ;;
  --mirror) mirror=${2:?--mirror needs a URL}; shift 2 ;;
  --shared) shared=${2:?--shared needs a folder}; shift 2 ;;
  -h | --help) usage; exit 0 ;;
  *) echo "fresh-debian-check: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$app_seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fresh-debian-check: --app-seconds takes whole seconds" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || exec sudo bash "$script" "$@"
[ -d "$shared/fixtures" ] || { echo "fresh-debian-check: $shared has no fixtures folder (--shared DIR)" >&2; exit 2; }
shared=$(cd "$shared" && pwd)
commit=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  echo "== fresh-debian-check: $repo has uncommitted changes; the check runs the committed HEAD $commit"
fi
if ! command -v debootstrap >/dev/null; then
  echo "== fresh-debian-check: installing debootstrap with apt-get (needed by this check only)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
fi

if [ -n "$keep" ]; then
  [[ "$keep" != *[[:space:]]* ]] || { echo "fresh-debian-check: --keep folder names may not hold spaces" >&2; exit 2; }
  mkdir -p "$keep"
  root=$(cd "$keep" && pwd)
  if [ ! -e "$root/.opscope-fresh-root" ] && [ -n "$(ls -A "$root")" ]; then
    echo "fresh-debian-check: $root is neither empty nor a root kept by this check" >&2
    exit 2
  fi
else
  root=$(mktemp -d /var/tmp/opscope-fresh-debian.XXXXXX)
  chmod 755 "$root" # it becomes /, which every user must be able to enter (mktemp makes it 0700)
fi

inner=""
cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  if [ -n "$inner" ] && kill -0 "$inner" 2>/dev/null; then
    # unshare blocks SIGINT and SIGTERM; its child is the PID namespace's init, and when that ends the kernel
    # ends every process in the namespace, and the private mounts go with the namespace.
    echo "== fresh-debian-check: stopping everything the check started"
    local init
    for init in $(cat /proc/"$inner"/task/*/children 2>/dev/null); do kill -KILL "$init" 2>/dev/null || true; done
    wait "$inner" 2>/dev/null || true
  fi
  # The mounts were private to the namespace; never delete through one that is somehow still there.
  if awk -v root="$root" '$2 == root || index($2, root "/") == 1 {found=1} END {exit !found}' /proc/self/mounts; then
    echo "== fresh-debian-check: something is still mounted under $root: left in place" >&2
  elif [ -z "$keep" ]; then
    rm -rf --one-file-system "$root" "$root.debootstrap.log"
    echo "== fresh-debian-check: removed $root"
  else
    echo "== fresh-debian-check: kept $root (re-use it with --keep $root)"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

export FRESH_ROOT=$root FRESH_USER=$user FRESH_SKIP_START=$skip_start FRESH_APP_SECONDS=$app_seconds FRESH_MIRROR=$mirror \
  FRESH_REPO=$repo FRESH_COMMIT=$commit FRESH_SHARED=$shared
echo "== fresh-debian-check: commit $commit, root $root, running as ${user}$([ "$user" = root ] || echo ' (with sudo)')"
unshare --mount --propagation private --pid --fork --kill-child --mount-proc bash "$script" --inside &
inner=$!
status=0
wait "$inner" || status=$?
inner=""
exit "$status"
