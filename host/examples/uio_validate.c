/*
 * Validates a file on a real card through Linux UIO: an example of the host
 * library outside the simulator. Built with the project so that it keeps
 * compiling; there is no card here, so it has never run.
 *
 * What it assumes of the system (a typical Zynq-class or PCIe setup):
 * - the kernel's register window is map 0 of a UIO device bound by
 *   uio_pdrv_genirq (or a PCIe UIO driver) with its interrupt;
 * - a DMA-able buffer the kernel can reach is map 1 of the same device (e.g. a
 *   reserved-memory region listed in the device tree node), whose bus address
 *   is in /sys/class/uio/uioN/maps/map1/addr.
 *
 *   uio_validate /dev/uio0 FILE
 *
 * Exit status as `utf8core validate`: 0 valid, 1 invalid, 2 error.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "utf8core_host.h"

struct uio {
  int fd;
  volatile uint32_t *regs;
};

static uint32_t uio_read32(void *ctx, uint32_t offset) {
  const struct uio *u = (const struct uio *)ctx;
  return u->regs[offset / 4];
}

static void uio_write32(void *ctx, uint32_t offset, uint32_t value) {
  struct uio *u = (struct uio *)ctx;
  u->regs[offset / 4] = value;
}

/* UIO: writing 1 unmasks the interrupt, a read blocks until it fires. */
static int uio_wait_irq(void *ctx) {
  struct uio *u = (struct uio *)ctx;
  uint32_t one = 1, count;
  if (write(u->fd, &one, sizeof one) != (ssize_t)sizeof one) return -1;
  return read(u->fd, &count, sizeof count) == (ssize_t)sizeof count ? 0 : -1;
}

static int read_sysfs_u64(const char *dev, const char *what, uint64_t *v) {
  char path[256];
  FILE *f;
  const char *name = strrchr(dev, '/');
  int ok;
  snprintf(path, sizeof path, "/sys/class/uio/%s/maps/map1/%s", name ? name + 1 : dev, what);
  f = fopen(path, "r");
  if (!f) return -1;
  ok = fscanf(f, "%lli", (long long *)v) == 1;
  fclose(f);
  return ok ? 0 : -1;
}

int main(int argc, char **argv) {
  struct uio u;
  utf8k_card card;
  utf8k_text text;
  uint64_t bus_addr = 0, size = 0, piece;
  uint8_t *buf;
  FILE *in;
  long page = sysconf(_SC_PAGESIZE);
  int rc = UTF8K_OK;

  if (argc != 3) {
    fprintf(stderr, "usage: %s /dev/uioN FILE\n", argv[0]);
    return 2;
  }
  u.fd = open(argv[1], O_RDWR);
  if (u.fd < 0) {
    fprintf(stderr, "uio_validate: %s: %s\n", argv[1], strerror(errno));
    return 2;
  }
  if (read_sysfs_u64(argv[1], "addr", &bus_addr) != 0 || read_sysfs_u64(argv[1], "size", &size) != 0) {
    fprintf(stderr, "uio_validate: %s has no map1 (the DMA buffer)\n", argv[1]);
    return 2;
  }
  u.regs = (volatile uint32_t *)mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, u.fd, 0);
  buf = (uint8_t *)mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, u.fd, page);
  if (u.regs == MAP_FAILED || buf == MAP_FAILED) {
    fprintf(stderr, "uio_validate: mmap: %s\n", strerror(errno));
    return 2;
  }
  card.ctx = &u;
  card.read32 = uio_read32;
  card.write32 = uio_write32;
  card.wait_irq = uio_wait_irq;
  card.poll_limit = 0;
  if (utf8k_probe(&card, NULL, NULL) != UTF8K_OK) {
    fprintf(stderr, "uio_validate: no utf8core kernel at %s\n", argv[1]);
    return 2;
  }
  in = fopen(argv[2], "rb");
  if (!in) {
    fprintf(stderr, "uio_validate: %s: %s\n", argv[2], strerror(errno));
    return 2;
  }
  /* The file goes through the buffer piece by piece; VALIDATE writes nothing. */
  utf8k_text_begin(&text, &card, UTF8K_VALIDATE, 0);
  for (;;) {
    uint64_t used, wrote;
    int last;
    piece = fread(buf, 1, (size_t)size, in);
    last = piece < size;
    rc = utf8k_text_feed(&text, bus_addr, piece, 0, 0, last, &used, &wrote);
    if (rc != UTF8K_OK || last) break;
  }
  fclose(in);
  if (rc != UTF8K_OK) {
    fprintf(stderr, "uio_validate: %s\n", utf8k_strerror(rc));
    return 2;
  }
  if (text.error) {
    printf("invalid at byte %llu: class %u\n", (unsigned long long)text.err_offset, text.err_class);
    return 1;
  }
  printf("valid\n");
  return 0;
}
