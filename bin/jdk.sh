# Sourced by the scripts in bin/: finds JDK 25 and exports JAVA_HOME.
# Order: $JAVA_HOME if it is a JDK 25, then the usual JVM directories.
graalite_find_jdk25() {
  local candidate version
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/*25* /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
    version="$("$candidate/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
    if [ "$version" = "25" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}
if ! JAVA_HOME="$(graalite_find_jdk25)"; then
  echo "Graalite needs JDK 25: set JAVA_HOME to a JDK 25 (none was found in JAVA_HOME or /usr/lib/jvm)." >&2
  exit 1
fi
export JAVA_HOME
