// Found only through the -I given in passthrough.cpp.
#define PASSTHROUGH_HEADER_VALUE 7
