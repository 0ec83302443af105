#!/usr/bin/python3
# render-device.py - the LAVA device description of the local qemu device
#
# Usage: contrib/lava/render-device.py ARCH [TEMPLATES] > device.yaml
#   ARCH       aarch64, armv7, x86_64 or riscv64
#   TEMPLATES  lava-server's device-types folder (qemu.jinja2, base.jinja2);
#              default: the one tools/fetch-lava.sh unpacked
#
# A LAVA server keeps a device dictionary per device (a jinja2 file that
# extends its device type and sets variables) and renders it into the
# description the dispatcher runs. This does the same for one local qemu
# device per benchbox target, with Debian's own templates and
# python3-jinja2, and with QEMU's machine as tests/cli/boot/boot.test boots
# it: the same machine, CPU, cores and memory, no KVM, and -no-reboot so
# that the guest's power-off ends QEMU. The dictionary is printed as a
# comment above the description, so it can be copied to a server's
# devices/ folder as it is.
import os
import sys

import jinja2
import yaml

# Per target: LAVA's arch name and the dictionary's variables (qemu.jinja2
# adds -cpu and -machine itself for arm and arm64 only)
DEVICES = {
	"aarch64": ("arm64", {"cpu": "cortex-a53", "machine": "virt",
		"extra_options": ["-smp 2", "-no-reboot"]}),
	"armv7": ("arm", {"cpu": "cortex-a15", "machine": "virt",
		"extra_options": ["-smp 2", "-no-reboot"]}),
	"x86_64": ("amd64", {"no_kvm": True,
		"extra_options": ["-machine q35", "-cpu max", "-smp 2", "-no-reboot"]}),
	"riscv64": ("riscv64", {"machine": "virt",
		"cpu": "rv64,v=true,vlen=128,elen=64,vext_spec=v1.0",
		"extra_options": ["-bios /usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin",
			"-smp 2", "-no-reboot"]}),
}


def dictionary(arch):
	lava_arch, variables = DEVICES[arch]
	lines = ["{% extends 'qemu.jinja2' %}", "{%% set arch = '%s' %%}" % lava_arch,
		"{% set memory = 512 %}", "{% set netdevice = 'user' %}"]
	for key, value in variables.items():
		lines.append("{%% set %s = %r %%}" % (key, value))
	return "\n".join(lines) + "\n"


def main(argv):
	if len(argv) < 2 or len(argv) > 3 or argv[1] not in DEVICES:
		sys.stderr.write("usage: render-device.py %s [TEMPLATES]\n" % "|".join(DEVICES))
		return 2
	cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
	templates = argv[2] if len(argv) == 3 else os.path.join(cache,
		"benchbox/lava/root/usr/share/lava-server/device-types")
	if not os.path.isfile(os.path.join(templates, "qemu.jinja2")):
		sys.stderr.write("render-device: no qemu.jinja2 in %s (tools/fetch-lava.sh)\n" % templates)
		return 1
	env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates),
		trim_blocks=True, autoescape=False)
	text = dictionary(argv[1])
	rendered = env.from_string(text).render()
	yaml.safe_load(rendered)	# a template that renders no YAML fails here
	sys.stdout.write("# device dictionary (lava-server devices/benchbox-qemu-%s.jinja2):\n" % argv[1])
	sys.stdout.write("".join("#   " + line + "\n" for line in text.splitlines()))
	sys.stdout.write(rendered)
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv))
