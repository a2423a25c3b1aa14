// A kernel that spins on a host flag nobody sets is the program's bug, but
// leaving main() must not deadlock the process (shared virtual memory,
// docs/svm.md): neither destroying a view whose kernel still runs nor
// leaving main() waits for such kernels; the process exits. The program
// keeps the kernels' futures: a discarded one would wait for the kernel at
// the end of the launch statement (it uses the program's heap memory).

// RUN: %hcc %s -o %t
// RUN: bash -c 'timeout 120 %t > %t.out 2> %t.err; echo "exit status $?" >> %t.out'
// RUN: FileCheck %s < %t.out
// CHECK: kernel started
// CHECK-NEXT: view destroyed
// CHECK-NEXT: leaving main
// CHECK-NEXT: exit status 0

#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

static void spin_until_set(hc::accelerator_view view,
                           std::atomic<int> *never_set,
                           std::atomic<int> *started) {
  // Never destroyed: the last copy of the future would wait.
  new hc::completion_future(hc::parallel_for_each(
      view, hc::extent<1>(4), [=](hc::index<1>) [[hc]] {
        started->fetch_add(1);
        while (never_set->load() == 0) {
        }
      }));
}

int main() {
  auto *never_set = new std::atomic<int>(0);
  auto *started = new std::atomic<int>(0);
  spin_until_set(hc::accelerator().get_default_view(), never_set, started);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (started->load() == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::printf("kernel %s\n", started->load() ? "started" : "never started");
  {
    // A view of its own, destroyed while its kernel still spins.
    hc::accelerator_view view = hc::accelerator().create_view();
    spin_until_set(view, never_set, started);
  }
  std::printf("view destroyed\n");
  std::printf("leaving main\n");
  std::fflush(stdout);
  return 0;
}
