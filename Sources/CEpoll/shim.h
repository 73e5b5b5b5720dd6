#include <sys/epoll.h>
#include <sys/eventfd.h>
