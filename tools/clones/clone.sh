#!/bin/sh
# Prints the bare git clone of a peer's repository that the extract scripts read, making it on
# first use: tools/clones/NAME.git, a folder git ignores, cloned from URL.
#
#   GITDIR=$(tools/clones/clone.sh NAME URL)
#
# A clone made elsewhere is used instead when the caller passes its own (MSP_GITDIR,
# JSM_GITDIR); this script is only the default.
set -eu
NAME="$1"
URL="$2"
DIR="$(cd "$(dirname "$0")" && pwd)/$NAME.git"
if [ ! -d "$DIR" ]; then
  echo "cloning $URL into $DIR (once)" >&2
  git clone --quiet --bare "$URL" "$DIR" >&2
fi
echo "$DIR"
