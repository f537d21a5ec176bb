/**
 * A seccomp filter for the style sandbox, as the raw classic-BPF program bubblewrap's
 * `--seccomp FD` loads (an array of `struct sock_filter`, 8 bytes each, host byte order).
 * The sandbox already has no network, no capabilities and new namespaces; this closes the kernel
 * interfaces a figure script never needs and that widen the attack surface: io_uring, the key
 * store, ptrace and cross-process memory access, bpf, perf, userfaultfd, module, mount, namespace
 * and reboot calls. Denied calls fail with EPERM (a script sees an ordinary error). Any other
 * architecture's calls (32-bit compatibility, x32) are denied outright, so they cannot be used
 * to step around the list.
 */

/** Syscalls denied, by name (numbers per architecture below). */
export const DENIED_SYSCALLS = [
  'ptrace',
  'process_vm_readv',
  'process_vm_writev',
  'keyctl',
  'add_key',
  'request_key',
  'io_uring_setup',
  'io_uring_enter',
  'io_uring_register',
  'bpf',
  'perf_event_open',
  'userfaultfd',
  'kexec_load',
  'kexec_file_load',
  'init_module',
  'finit_module',
  'delete_module',
  'mount',
  'umount2',
  'pivot_root',
  'unshare',
  'setns',
  'swapon',
  'swapoff',
  'reboot',
  'acct',
  'syslog',
  'open_by_handle_at',
  'name_to_handle_at',
  'chroot',
] as const;
type Syscall = (typeof DENIED_SYSCALLS)[number];

const NUMBERS: Record<'x64' | 'arm64', { audit: number; nr: Record<Syscall, number> }> = {
  x64: {
    audit: 0xc000003e, // AUDIT_ARCH_X86_64
    nr: {
      ptrace: 101,
      process_vm_readv: 310,
      process_vm_writev: 311,
      keyctl: 250,
      add_key: 248,
      request_key: 249,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      bpf: 321,
      perf_event_open: 298,
      userfaultfd: 323,
      kexec_load: 246,
      kexec_file_load: 320,
      init_module: 175,
      finit_module: 313,
      delete_module: 176,
      mount: 165,
      umount2: 166,
      pivot_root: 155,
      unshare: 272,
      setns: 308,
      swapon: 167,
      swapoff: 168,
      reboot: 169,
      acct: 163,
      syslog: 103,
      open_by_handle_at: 304,
      name_to_handle_at: 303,
      chroot: 161,
    },
  },
  arm64: {
    audit: 0xc00000b7, // AUDIT_ARCH_AARCH64
    nr: {
      ptrace: 117,
      process_vm_readv: 270,
      process_vm_writev: 271,
      keyctl: 219,
      add_key: 217,
      request_key: 218,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      bpf: 280,
      perf_event_open: 241,
      userfaultfd: 282,
      kexec_load: 104,
      kexec_file_load: 294,
      init_module: 105,
      finit_module: 273,
      delete_module: 106,
      mount: 40,
      umount2: 39,
      pivot_root: 41,
      unshare: 97,
      setns: 268,
      swapon: 224,
      swapoff: 225,
      reboot: 142,
      acct: 89,
      syslog: 116,
      open_by_handle_at: 265,
      name_to_handle_at: 264,
      chroot: 51,
    },
  },
};

const BPF_LD_W_ABS = 0x20;
const BPF_JMP_JEQ_K = 0x15;
const BPF_JMP_JGE_K = 0x35;
const BPF_RET_K = 0x06;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO_EPERM = 0x00050000 | 1;
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const X32_SYSCALL_BIT = 0x40000000;

/**
 * The filter for this machine's architecture (`process.arch`), or null on an architecture it
 * has no syscall table for (the sandbox then runs without one and says so).
 */
export function buildSeccompFilter(arch: string): Buffer | null {
  const table = arch === 'x64' || arch === 'arm64' ? NUMBERS[arch] : null;
  if (!table) return null;
  const nrs = DENIED_SYSCALLS.map((s) => table.nr[s]);
  type Insn = [code: number, jt: number, jf: number, k: number];
  const head: Insn[] = [[BPF_LD_W_ABS, 0, 0, OFFSET_ARCH]];
  const checksAfterArch = (arch === 'x64' ? 1 : 0) + nrs.length;
  // Index of the final "deny" is 1 (arch jeq) + 1 (ld nr) + checks + 1 (allow) + head(1).
  const deny = 1 + 1 + 1 + checksAfterArch + 1;
  const insns: Insn[] = [...head];
  const jumpTo = (target: number) => target - insns.length - 1;
  insns.push([BPF_JMP_JEQ_K, 0, 0, table.audit]);
  insns[insns.length - 1]![2] = deny - (insns.length - 1) - 1;
  insns.push([BPF_LD_W_ABS, 0, 0, OFFSET_NR]);
  if (arch === 'x64') insns.push([BPF_JMP_JGE_K, jumpTo(deny), 0, X32_SYSCALL_BIT]);
  for (const nr of nrs) insns.push([BPF_JMP_JEQ_K, jumpTo(deny), 0, nr]);
  insns.push([BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW]);
  insns.push([BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO_EPERM]);
  if (insns.length - 1 !== deny) throw new Error('seccomp filter layout is wrong');
  const out = Buffer.alloc(insns.length * 8);
  insns.forEach(([code, jt, jf, k], i) => {
    // struct sock_filter is in host byte order; every supported architecture is little-endian.
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(jt, i * 8 + 2);
    out.writeUInt8(jf, i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}
