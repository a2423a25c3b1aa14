// A program with nothing special, for tests that only exercise flags.
int main() { return 0; }
