// Runs this program again as a child process with a changed environment and
// returns what the child wrote on stdout (its stderr goes to ours).
//
// first_launch needs fresh processes: the first launch of a kernel happens
// once per program.
#ifndef HCC_BENCH_SUBPROCESS_HPP
#define HCC_BENCH_SUBPROCESS_HPP

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

extern char **environ;

namespace bench {

inline std::string self_path() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0)
    throw std::runtime_error("cannot read /proc/self/exe");
  return std::string(buf, static_cast<std::size_t>(n));
}

// `args` excludes argv[0]; `env` entries are NAME=value pairs that replace
// or extend our environment.
inline std::string run_self(const std::vector<std::string> &args,
                            const std::vector<std::pair<std::string, std::string>> &env) {
  // Everything the child needs is built before fork(): the runtime may
  // have started threads, and after fork() only async-signal-safe calls
  // are safe.
  std::string self = self_path();
  std::vector<std::string> env_strings;
  for (char **e = environ; *e; ++e) {
    bool replaced = false;
    for (const auto &kv : env)
      if (!std::strncmp(*e, (kv.first + "=").c_str(), kv.first.size() + 1))
        replaced = true;
    if (!replaced)
      env_strings.push_back(*e);
  }
  for (const auto &kv : env)
    env_strings.push_back(kv.first + "=" + kv.second);
  std::vector<char *> argv{const_cast<char *>(self.c_str())}, envp;
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  for (std::string &e : env_strings)
    envp.push_back(&e[0]);
  envp.push_back(nullptr);

  int fds[2];
  if (pipe(fds) != 0)
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  char buf[4096];
  for (;;) {
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0)
      out.append(buf, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("child process failed (status " +
                             std::to_string(status) + "); its output:\n" + out);
  return out;
}

} // namespace bench

#endif // HCC_BENCH_SUBPROCESS_HPP
